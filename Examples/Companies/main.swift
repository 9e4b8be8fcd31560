print("companies")
