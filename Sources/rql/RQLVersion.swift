/// rql's version, as `rql --version` says it.
enum RQLVersion {
    static let text = "0.9.0"
}
