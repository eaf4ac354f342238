from setuptools import find_packages, setup

setup(
    name="tiles-service",
    version="0.1.0",
    packages=find_packages(),
    install_requires=[
        "fastapi[all]==0.78.0",
        "requests",
    ],
)
