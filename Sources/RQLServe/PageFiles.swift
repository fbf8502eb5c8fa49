import RQLNotebook

/// The page's files, embedded in the binary: nothing is loaded from anywhere else.
enum PageFiles {
    struct File {
        let type: String
        let bytes: [UInt8]
    }

    static func file(at path: String) -> File? {
        switch path {
        case "/", "/index.html": File(type: "text/html; charset=utf-8", bytes: PackageResources.index_html)
        case "/page.js": File(type: "text/javascript; charset=utf-8", bytes: PackageResources.page_js)
        case "/page.css": File(type: "text/css; charset=utf-8", bytes: PackageResources.page_css)
        case "/export.css": File(type: "text/css; charset=utf-8", bytes: Array(HTMLExport.style.utf8))
        default: nil
        }
    }
}
