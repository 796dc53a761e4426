import Foundation

exit(JSONMapperCommand.run(Array(CommandLine.arguments.dropFirst()), io: .process))
