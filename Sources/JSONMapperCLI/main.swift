print("jsonmapper: not implemented yet")
