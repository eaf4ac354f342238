from gateway.providers.transport import SessionHandler

completion_handler = SessionHandler()
