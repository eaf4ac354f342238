from sdk.admin_base import AdminBase


class OrdersAdmin(AdminBase):
    pass


admin_app = OrdersAdmin().app
