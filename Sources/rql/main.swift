RQL.mainWithExitCodes()
