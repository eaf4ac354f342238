def require_admin() -> bool:
    return True
