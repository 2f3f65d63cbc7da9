print("syncups")
