/// The release this source is: the one place its version is written. `jsonmapper --version` prints it, and
/// `ReleaseTests` checks that CHANGELOG.md's latest release and the README's installation line name the same one.
enum Release {
    static let version = "0.1.0"
}
