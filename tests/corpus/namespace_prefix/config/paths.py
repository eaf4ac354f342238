VETS = "/vets"
