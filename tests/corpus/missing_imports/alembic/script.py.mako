"""${message}

Revision ID: ${up_revision}
"""
