"""The pieces of the wire limits: the budget of new sockets per address, and whose address."""

from sarco.wire_limits import AddressBudget, address_budget, client_address, refused_at_accept


def test_an_address_opens_a_burst_of_sockets_then_is_refused():
    budget = AddressBudget(rate=3, burst=5)
    assert all(budget.take("1.2.3.4", now=0.0) for _ in range(5))
    assert not budget.take("1.2.3.4", now=0.0)


def test_another_address_is_not_held_back():
    budget = AddressBudget(rate=3, burst=1)
    assert budget.take("1.2.3.4", now=0.0)
    assert budget.take("5.6.7.8", now=0.0)


def test_an_abusive_socket_costs_its_address_more_waiting():
    budget = AddressBudget(rate=1, burst=5)
    budget.charge("1.2.3.4", 10, now=0.0)  # 5 - 1 - 10 = -6
    assert not budget.take("1.2.3.4", now=6.0)  # back to 0
    assert budget.take("1.2.3.4", now=7.0)


def test_no_address_owes_more_than_ten_bursts():
    budget = AddressBudget(rate=1, burst=2)
    budget.charge("1.2.3.4", 1000, now=0.0)
    assert budget.take("1.2.3.4", now=21.0)


def test_the_budget_forgets_addresses_that_have_filled_up_again():
    budget = AddressBudget(rate=1, burst=2, max_addresses=2)
    budget.take("a", now=0.0)
    budget.take("b", now=0.0)
    budget.take("c", now=10.0)  # a and b are full again by now: forgotten
    assert set(budget.buckets) == {"c"}


def test_a_spray_of_addresses_never_grows_the_memory_beyond_the_bound():
    budget = AddressBudget(rate=1, burst=2, max_addresses=100)
    for n in range(1000):
        budget.take(f"10.0.{n // 256}.{n % 256}", now=0.0)
    assert len(budget.buckets) <= 100


def test_a_direct_client_cannot_claim_an_address(settings):
    settings.SARCO_SOCKET_ADDRESS_FROM_FORWARDED = False
    assert client_address("9.9.9.9", "1.2.3.4") == "9.9.9.9"


def test_behind_the_load_balancer_its_last_hop_counts(settings):
    settings.SARCO_SOCKET_ADDRESS_FROM_FORWARDED = True
    assert client_address("10.0.0.1", "1.2.3.4, 5.6.7.8") == "5.6.7.8"
    assert client_address("10.0.0.1", None) == "10.0.0.1"


def test_an_address_in_debt_is_blocked_until_it_has_paid():
    budget = AddressBudget(rate=1, burst=5)
    budget.charge("1.2.3.4", 10, now=0.0)  # -6
    assert budget.blocked("1.2.3.4", debt=3, now=0.0)
    assert not budget.blocked("1.2.3.4", debt=3, now=3.0)  # -3
    assert not budget.blocked("5.6.7.8", debt=3, now=0.0)


def test_behind_the_load_balancer_no_connection_is_refused_at_accept(settings):
    settings.SARCO_SOCKET_ADDRESS_FROM_FORWARDED = True
    address_budget().charge("10.0.0.1", 1000)
    assert not refused_at_accept("10.0.0.1")
