from api_v1.auth.service import AuthService

service = AuthService()
