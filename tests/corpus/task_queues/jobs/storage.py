from minio import Minio
from pwdlib import PasswordHash

minio_client = Minio("minio:9000", access_key="k", secret_key="s", secure=False)
minio_client.trace_off()  # ok: local settings, at import
password_hash = PasswordHash.recommended()
