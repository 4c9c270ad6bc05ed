internal import ArgumentParser

extension Console.Format: ExpressibleByArgument {}
