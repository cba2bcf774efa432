"""The one exception a user can cause; the CLI prints it as a single line and exits non-zero."""


class UserError(Exception):
    """Bad input from the user: the message names the thing and, where it can, the fix."""

    exit_code = 2
