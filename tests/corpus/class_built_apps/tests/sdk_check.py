from sdk.service_base import BaseService


def check_status():
    service = BaseService(service_path="/sdk")
    assert service.start() is service.app
