"""URL root: each domain app adds its own pages under its prefix."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scoring.views import accounts

from . import offline, views

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", offline.service_worker, name="service-worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline, name="offline"),
    path("accounts/", accounts.account, name="account"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/email/", accounts.change_email, name="change_email"),
    path("accounts/email/confirm/<str:token>/", accounts.confirm_email, name="confirm_email"),
    path("accounts/mail/", accounts.mail_preferences, name="mail_preferences"),
    path("accounts/sessions/", accounts.log_out_other_sessions, name="log_out_other_sessions"),
    path("accounts/password/", accounts.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/reset/", accounts.PasswordResetView.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("", include("scoring.leaderboard.urls")),
    path("scorekeeper/", include("scoring.urls")),
    path("play/", include("games.urls")),
    path("nights/", include("nights.urls")),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the menu's switcher
    path("admin/", admin.site.urls),
]
