"""Database backends: Django's own, with what the site needs changed."""
