"""A FastHTML dashboard served beside the API (an app unjam does not model): it registers
its middleware by name."""

from fasthtml.common import FastHTML
from starlette.middleware import Middleware

from shop.banner import BannerMiddleware

dashboard = FastHTML(middleware=[Middleware(BannerMiddleware)])
