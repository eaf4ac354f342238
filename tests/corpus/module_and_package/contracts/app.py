# expect: unparsed
# a script that imports a module missing from the repository: it fails as it loads
from src.models import Contract

print(Contract)
