"""PostgreSQL: Django's backend, its connection checked at most once a second."""
