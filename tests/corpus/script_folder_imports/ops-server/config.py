FLEET_SIZE = 12
POSITIONS_FILE = "/var/lib/ops/positions.json"
