class Store: pass
