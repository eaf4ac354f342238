"""The help desk's app is built by a factory, whose helper imports the views as the factory
runs (at import, `app = create_app()`): the views import a form the forms module does not
define, so importing this module raises ImportError and nothing of the desk is served."""

from desk.factory import create_app

app = create_app()
