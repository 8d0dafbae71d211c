"""Suite-wide test setup."""

import os

from hypothesis import HealthCheck, settings

# Property tests are derandomised under CI so a run is repeatable; locally they explore.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")
