"""Django's own strings that its German catalogue says with "Sie" (the admin, the auth
forms, form and CSRF errors): listed so that ``makemessages`` keeps them in the project's
catalogue, which comes first and says them with "du", as the rest of the site does."""

from django.utils.translation import gettext_noop

DJANGO_WORDS = (
    gettext_noop("No file was submitted. Check the encoding type on the form."),
    gettext_noop("Please either submit a file or check the clear checkbox, not both."),
    gettext_noop(
        "ManagementForm data is missing or has been tampered with. Missing fields: "
        "%(field_names)s. You may need to file a bug report if the issue persists."
    ),
    gettext_noop(
        "You are seeing this message because this HTTPS site requires a “Referer header” to "
        "be sent by your web browser, but none was sent. This header is required for "
        "security reasons, to ensure that your browser is not being hijacked by third "
        "parties."
    ),
    gettext_noop(
        "If you have configured your browser to disable “Referer” headers, please re-enable "
        "them, at least for this site, or for HTTPS connections, or for “same-origin” "
        "requests."
    ),
    gettext_noop(
        'If you are using the <meta name="referrer" content="no-referrer"> tag or including '
        "the “Referrer-Policy: no-referrer” header, please remove them. The CSRF protection "
        "requires the “Referer” header to do strict referer checking. If you’re concerned "
        'about privacy, use alternatives like <a rel="noreferrer" …> for links to '
        "third-party sites."
    ),
    gettext_noop(
        "You are seeing this message because this site requires a CSRF cookie when "
        "submitting forms. This cookie is required for security reasons, to ensure that your "
        "browser is not being hijacked by third parties."
    ),
    gettext_noop(
        "If you have configured your browser to disable cookies, please re-enable them, at "
        "least for this site, or for “same-origin” requests."
    ),
    gettext_noop("Hold down “Control”, or “Command” on a Mac, to select more than one."),
    gettext_noop("Enter a new password for the user <strong>%(username)s</strong>."),
    gettext_noop(
        "Deleting the %(object_name)s '%(escaped_object)s' would result in deleting related "
        "objects, but your account doesn't have permission to delete the following types of "
        "objects:"
    ),
    gettext_noop(
        'Are you sure you want to delete the %(object_name)s "%(escaped_object)s"? All of '
        "the following related items will be deleted:"
    ),
    gettext_noop(
        "Deleting the selected %(objects_name)s would result in deleting related objects, "
        "but your account doesn't have permission to delete the following types of objects:"
    ),
    gettext_noop(
        "Are you sure you want to delete the selected %(objects_name)s? All of the following "
        "objects and their related items will be deleted:"
    ),
    gettext_noop(
        "You are authenticated as %(username)s, but are not authorized to access this page. "
        "Would you like to login to a different account?"
    ),
    gettext_noop("Thanks for spending some quality time with the web site today."),
    gettext_noop("Your password was changed."),
    gettext_noop("Your password has been set.  You may go ahead and log in now."),
    gettext_noop(
        "Please enter your new password twice so we can verify you typed it in correctly."
    ),
    gettext_noop(
        "The password reset link was invalid, possibly because it has already been used.  "
        "Please request a new password reset."
    ),
    gettext_noop(
        "We’ve emailed you instructions for setting your password, if an account exists with "
        "the email you entered. You should receive them shortly."
    ),
    gettext_noop("Please go to the following page and choose a new password:"),
    gettext_noop("Thanks for using our site!"),
)
