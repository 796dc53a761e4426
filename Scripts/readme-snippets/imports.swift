// The prelude of a snippet that declares everything it uses itself: the imports only.
import Foundation
import JSONMapper

// README SNIPPET
