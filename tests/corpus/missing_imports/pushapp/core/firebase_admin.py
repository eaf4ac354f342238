"""Named after the installed package it wraps: its own `import firebase_admin` is that
package's, since pushapp/core/ is not on `sys.path` (the app imports this module as
`pushapp.core.firebase_admin`)."""

import firebase_admin
from firebase_admin import auth as _admin_auth, credentials

app_handle = firebase_admin.initialize_app(credentials.ApplicationDefault())
admin_auth = _admin_auth
