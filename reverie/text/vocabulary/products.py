"""Products a holder has one of at a time, by the attribute they are a value of.

A name's sort is knowledge no parse has: "MySQL" is a database, "T-Mobile" a mobile
carrier, "Ubuntu" an operating system. These tables let "the user's app runs on MySQL"
give a value of the attribute "the user's database is PostgreSQL" names. Only names
that mean nothing else in a note are listed ("Orange", "Three", "Bell", "Edge" and
"Opera" are left out), and only products a holder uses one of for one purpose: a main
database, not a cache or a warehouse beside it ("Redis", "Snowflake"). Keys are lower
case, their words as the tokenizer splits them ("t-mobile": "t", "mobile").
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = [
    "ACCESS_LEVELS",
    "ACCESS_NOUNS",
    "ACCOUNT_WORDS",
    "CARRIER_NAMES",
    "CARRIER_WORDS",
    "COMPUTER_WORDS",
    "CUSTOMER_NOUNS",
    "DEVICE_NOUNS",
    "FILE_FORMATS",
    "FILE_FORMATS_BEFORE_FILE",
    "FILE_NOUNS",
    "PHONE_WORDS",
    "PRODUCT_ALIASES",
    "PRODUCT_FAMILIES",
    "PRODUCT_KINDS",
    "RELEASE_NAMES",
    "SHIPPED_WORDS",
    "SHIPPING_FRAMES",
    "SHIPPING_WORDS",
    "SOFTWARE_WORDS",
    "USE_FRAMES",
    "VERSIONED_PRODUCTS",
    "VERSION_FRAMES",
    "VERSION_PLACES",
    "VERSION_WORDS",
    "VIRTUAL_WORDS",
]

_DATABASES = ("postgresql", "postgres", "postgre", "mysql", "mariadb", "sqlite", "mongodb",
              "oracle database", "sql server", "mssql", "cockroachdb", "couchbase", "firestore",
              "dynamodb", "cassandra")
_CARRIERS = ("verizon", "at&t", "t-mobile", "vodafone", "telstra", "optus", "airtel",
             "mint mobile", "google fi", "cricket wireless", "boost mobile", "us cellular",
             "telus", "sprint", "o2", "giffgaff", "jio", "lycamobile", "lebara",
             "xfinity mobile", "tesco mobile", "us mobile")
_SHIPPING_CARRIERS = ("ups", "fedex", "fedex ground", "fedex express", "dhl", "dhl express",
                      "usps", "royal mail", "canada post", "purolator", "dpd", "gls", "evri",
                      "tnt", "aramex", "australia post", "deutsche post", "la poste",
                      "japan post", "ontrac", "yodel", "parcelforce", "postnl", "postnord",
                      "correos", "db schenker")
_LINUX_DISTRIBUTIONS = ("ubuntu", "debian", "fedora", "arch linux", "linux mint", "centos",
                       "rhel", "red hat enterprise linux", "rocky linux", "almalinux",
                       "opensuse", "suse linux", "manjaro", "amazon linux")
_DESKTOP_SYSTEMS = ("windows", "macos", "mac os", "os x", "mac", "macbook", "macbook pro",
                    "macbook air", "mac mini", "imac", "linux",
                    "chromeos", "chrome os", "chromebook", "freebsd", *_LINUX_DISTRIBUTIONS)
_PHONE_SYSTEMS = ("ios", "iphone", "android", "ipados")
_BROWSERS = ("firefox", "chrome", "safari", "brave", "chromium", "microsoft edge")

PRODUCT_KINDS: Mapping[str, str] = {
    **dict.fromkeys(_DATABASES, "database"),
    **dict.fromkeys(_CARRIERS, "mobile carrier"),
    **dict.fromkeys(_SHIPPING_CARRIERS, "shipping carrier"),
    **dict.fromkeys(_DESKTOP_SYSTEMS, "system"),
    **dict.fromkeys(_PHONE_SYSTEMS, "phone system"),
    **dict.fromkeys(_BROWSERS, "browser"),
}
"""A product's name → the attribute it is a value of (``system``: a computer's operating
system, as "operating system" names it; a phone's is another attribute; "mobile carrier":
"mobile" names the attribute with "carrier", not its holder)."""

PRODUCT_ALIASES: Mapping[str, str] = {
    "postgres": "postgresql",
    "postgre": "postgresql",  # "Postgres" as the lemmatizer gives it where tagged a noun
    "mssql": "sql server",
    "mac os": "macos",
    "os x": "macos",
    "mac": "macos",  # "is on a Mac": the computer, and so its system
    "macbook": "macos",
    "macbook pro": "macos",  # "a MacBook Pro": no professional
    "macbook air": "macos",
    "mac mini": "macos",
    "imac": "macos",
    "chromebook": "chromeos",
    "iphone": "ios",  # "has an iPhone": the phone, and so its system
    "chrome os": "chromeos",
    "red hat enterprise linux": "rhel",
    "fedex ground": "fedex",  # a carrier's service: the carrier
    "fedex express": "fedex",
    "dhl express": "dhl",
}
"""Names that are another name of a product listed: one value ("Postgres" /
"PostgreSQL")."""

PRODUCT_FAMILIES: Mapping[str, str] = {
    name: "linux" for name in _LINUX_DISTRIBUTIONS if name not in PRODUCT_ALIASES
} | {"rhel": "linux"}
"""Products that are a kind of another listed: "Ubuntu" is Linux, so "runs Linux" /
"runs Ubuntu" is one value said twice, but "Ubuntu" / "Fedora" are two."""

USE_FRAMES = frozenset({
    ("use", "obj"), ("run", "obj"), ("run", "prep:on"), ("be", "prep:on"), ("be", "prep:with"),
    ("browse", "prep:with"), ("store", "prep:in"), ("keep", "prep:in"), ("host", "prep:on"),
    ("build", "prep:on"), ("work", "prep:with"), ("rely", "prep:on"), ("have", "obj"),
    ("work", "prep:on"), ("develop", "prep:on"), ("code", "prep:on"), ("deploy", "prep:on"),
    ("deploy", "prep:to"), ("be", "prep:in"), ("live", "prep:in"), ("persist", "prep:to"),
    ("persist", "prep:in"), ("write", "prep:to"), ("back", "prep:by"), ("sit", "prep:on"),
    ("be", "prep:through"), ("get", "prep:from"),
})
"""(predicate, role) that say a holder uses a product ("runs MySQL", "is on T-Mobile",
"browses with Firefox", "stores everything in MongoDB", "develops on Windows", "persists
to DynamoDB", "is backed by MySQL"); "loves Chrome's design"
or "compared Firefox with Safari" say no such thing."""

SHIPPING_FRAMES = frozenset({
    ("ship", "prep:via"), ("ship", "prep:with"), ("ship", "prep:by"), ("ship", "prep:through"),
    ("go", "prep:through"),
    ("send", "prep:via"), ("send", "prep:with"), ("send", "prep:by"), ("go", "prep:via"),
    ("go", "prep:with"), ("go out", "prep:via"), ("go out", "prep:with"),
    ("deliver", "prep:by"), ("deliver", "prep:via"), ("deliver", "prep:with"),
    ("handle", "prep:by"), ("post", "prep:with"), ("post", "prep:via"),
})
"""(predicate, role) that say by which carrier a holder's goods are shipped ("ships orders via
UPS", "packages go out with DHL", "deliveries are handled by FedEx"), where the argument
names a shipping carrier (:data:`PRODUCT_KINDS`): "the phone ships with Android" names
none."""

SHIPPING_WORDS = frozenset({"shipping", "shipment", "freight", "delivery", "courier",
                            "parcel", "postal", "logistics", "logistic"})
"""Words beside a carrier's noun that make it a shipping carrier ("Acme's shipping carrier
is FedEx"), not a mobile one."""

SHIPPED_WORDS = frozenset({"order", "package", "parcel", "shipment", "delivery", "freight",
                           "shipping", "product", "item", "good", "everything"})
"""What a holder ships as a whole ("ships all orders via UPS", "packages go out with DHL"):
whose shipping it is, not one part of it ("ships returns via FedEx")."""

VIRTUAL_WORDS = frozenset({"virtual", "vm", "container", "emulator", "sandbox", "partition",
                           "dual-boot", "wsl"})
"""Words of a system run inside or beside a device's own ("in a virtual machine", "in a
container"): another system than the device's, no device that says whose it is."""

CARRIER_WORDS = frozenset({"mobile", "cell", "cellular", "wireless", "sim", "service"})
"""Words beside a carrier's noun that say which carrier, not whose ("Omar's cell carrier is
Verizon", "her wireless service": the holder's carrier)."""

CARRIER_NAMES: Mapping[str, frozenset[str]] = {
    "provider": frozenset({"mobile", "cell", "cellular", "phone", "wireless"}),
    "service": frozenset({"mobile", "cell", "cellular", "phone", "wireless"}),
    "network": frozenset({"mobile", "cell", "cellular", "phone"}),
}
"""Nouns that name the mobile carrier beside one of their words ("the mobile provider",
"cell service", "phone network"); alone they name other things ("email provider")."""

VERSION_FRAMES = frozenset({("target", "obj"), ("require", "obj"), ("need", "obj"),
                            ("upgrade", "prep:to"), ("support", "obj")})
"""(predicate, role) besides :data:`USE_FRAMES` where a name with a whole number is a
version of it ("the app targets iOS 16", "requires Java 17")."""

CUSTOMER_NOUNS = frozenset({"customer", "subscriber", "user", "client"})
"""Nouns that say a holder uses what names them: "is a Verizon customer", "a Firefox
user"."""

ACCESS_LEVELS: Mapping[str, str] = {
    "owner": "owner",
    "admin": "admin",
    "administrator": "admin",
    "editor": "editor",
    "edit": "editor",
    "write": "editor",
    "writer": "editor",
    "viewer": "viewer",
    "view": "viewer",
    "read": "viewer",
    "reader": "viewer",
    "read-only": "viewer",
    "readonly": "viewer",
    "commenter": "commenter",
    "guest": "guest",
    "member": "member",
    "maintainer": "maintainer",
    "contributor": "contributor",
    "moderator": "moderator",
}
"""Levels of access a holder has to one workspace, repository or project, one at a time
(a role in its permission settings), each as the level it means ("read" access: viewer)."""

ACCESS_NOUNS = frozenset({"access", "right", "permission", "privilege", "role"})
"""Nouns whose modifier names a level of access: "viewer access", "admin rights", "the
Editor role"."""

PHONE_WORDS = frozenset({"phone", "smartphone", "cellphone"})
"""Words for a holder's phone: its system is the holder's ("the user's phone runs Android"
/ "the user has an iPhone")."""

ACCOUNT_WORDS = frozenset({"account", "workspace", "org", "organization", "subscription",
                           "company", "tenant"})
"""Words for a holder's account with a vendor: its plan is the holder's ("Acme's workspace
is on the Team plan" / "Acme has the Business plan", "Hooli's company account"); an
account of another product or use ("Acme's Zoom account", "her personal account") keeps
that word in the holder, as a team does ("the plan for the team workspace": a part's)."""

COMPUTER_WORDS = frozenset({"computer", "machine", "pc"})
"""Words for a holder's computer whatever it is: its system is the holder's ("the user's
computer runs Windows" / "the user is on a Mac"); "laptop", "desktop", "phone" name one
device among several and stay in the holder."""

SOFTWARE_WORDS = frozenset({"app", "application", "service", "backend", "platform", "product",
                            "stack", "codebase", "system", "data", "datum", "record"})
"""Words for a holder's software or the data it keeps, whatever it is: its database is the
holder's ("the app stores everything in MongoDB" / "Primary database: PostgreSQL", "Kestrel's
data lives in SQL Server"); "the billing service" names one of several and its "billing"
stays in the holder."""

DEVICE_NOUNS = COMPUTER_WORDS | PHONE_WORDS | {"laptop", "desktop", "notebook", "workstation"}
"""Nouns of a device a holder uses, which said to be a product runs its system ("the
user's laptop is a MacBook Pro": macOS)."""

FILE_FORMATS: Mapping[str, str] = {
    "pdf": "pdf", "csv": "csv", "tsv": "tsv", "json": "json", "xml": "xml", "xlsx": "xlsx",
    "xls": "xlsx", "excel": "xlsx", "docx": "docx", "doc": "docx", "markdown": "markdown",
    "md": "markdown",
    "html": "html", "yaml": "yaml", "yml": "yaml", "txt": "text", "rtf": "rtf", "odt": "odt",
    "parquet": "parquet", "png": "png", "jpeg": "jpeg", "jpg": "jpeg", "svg": "svg",
    "epub": "epub",
    # an online editor's documents are its own format, not the file they export to
    "google doc": "google doc", "google docs": "google doc", "google sheet": "google sheet",
    "google sheets": "google sheet", "google slides": "google slides",
}
"""File formats a kind of thing is made or sent in, one at a time ("reports as PDF",
"invoices in XLSX format"), each as the format it means ("xls": xlsx, "yml": yaml)."""

FILE_FORMATS_BEFORE_FILE: Mapping[str, str] = {"word": "docx", "powerpoint": "pptx",
                                               "keynote": "key", "numbers": "numbers"}
"""File formats named by a word that is a common word too, a format only before a noun of
:data:`FILE_NOUNS` ("as Word documents", "in Word format"; not "in a word")."""

FILE_NOUNS = frozenset({"document", "doc", "file", "format", "attachment", "deck"})
"""Nouns of a file, after which a word of :data:`FILE_FORMATS_BEFORE_FILE` names a format."""

_RUNTIMES = ("python", "java", "node", "node.js", "nodejs", "ruby", "php", "go", "golang",
             "rust", "kotlin", "scala", "swift", "perl", "typescript", ".net", "dotnet",
             "elixir", "erlang", "dart", "flutter", "react", "angular", "vue", "django",
             "rails", "laravel", "spring boot", "kubernetes", "k8s", "terraform", "docker",
             "elasticsearch", "redis", "kafka", "postgresql", "postgres", "mysql", "mariadb",
             "mongodb", "sqlite", "windows", "macos", "ios", "android", "ubuntu", "debian",
             "fedora", "centos", "rhel", "jira server", "jira", "confluence", "gradle",
             "maven", "webpack", "next.js", "nextjs", "react native", "fastapi", "svelte",
             "nuxt", "symfony", "unreal engine", "tensorflow", "pytorch", "numpy", "pandas",
             "hadoop", "airflow", "nginx", "tomcat", "openssl", "openjdk", "jdk", "gcc",
             "clang", "llvm", "cuda", "tailwind", "jquery", "wordpress", "drupal", "magento",
             "xcode", "visual studio", "intellij", "powershell", "ansible", "istio",
             "prometheus", "grafana", "jenkins", "gitlab", "rabbitmq", "cassandra", "neo4j",
             "clickhouse")

VERSIONED_PRODUCTS: Mapping[str, str] = {
    name: {"node.js": "node", "nodejs": "node", "golang": "go", "dotnet": ".net",
           "postgres": "postgresql", "k8s": "kubernetes", "nextjs": "next.js"}.get(name, name)
    for name in _RUNTIMES
}
"""Software whose version a note gives ("Python 3.12", "Node 20"), each as its one name
("Postgres" is PostgreSQL)."""

RELEASE_NAMES: Mapping[str, Mapping[str, str]] = {
    "macos": {"high sierra": "10.13", "mojave": "10.14", "catalina": "10.15", "big sur": "11",
              "monterey": "12", "ventura": "13", "sonoma": "14", "sequoia": "15",
              "tahoe": "26"},
    "ubuntu": {"bionic": "18.04", "focal": "20.04", "jammy": "22.04", "noble": "24.04"},
    "debian": {"stretch": "9", "buster": "10", "bullseye": "11", "bookworm": "12",
               "trixie": "13"},
}
"""The releases a product names by a word, each as its version ("macOS Ventura" is macOS
13, "Ubuntu Jammy" 22.04): read only after the product's name."""

VERSION_WORDS = frozenset({"version", "release", "runtime", "build", "stack", "database",
                           "db"})
"""Subjects of a version statement that say what it is of, not whose ("Halvorsen's
database is Postgres 16"); what runs it ("the backend", "production") is a holder unless
the other statement says it too."""

VERSION_PLACES = frozenset({"production", "prod", "staging", "stage", "dev", "development",
                            "test", "testing", "qa", "sandbox", "local", "locally", "ci",
                            "laptop", "desktop", "server", "phone", "mobile", "web"})
"""Where a version runs ("in production", "on her laptop"): one named by one statement
only, or two, may each run their own."""
