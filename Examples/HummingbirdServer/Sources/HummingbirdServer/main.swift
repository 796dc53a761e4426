import HummingbirdServerApp

// Serves `POST /issues/echo` and `POST /events/import` on 127.0.0.1:8080 (or the port given as the first argument):
//   swift run HummingbirdServer 8080
//   curl -d @../../../shared/data/github/paginate-issues.json … (one element of it) localhost:8080/issues/echo
//   curl -X POST -T events.jsonl localhost:8080/events/import   (JSON Lines of any size, streamed)
let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 8080 : 8080
try await buildApplication(port: port).runService()
