"""Tessera: one distribution holding the core (`tessera`) and the built-in plugins (`tessera_plugins`)."""

from setuptools import find_packages, setup

PACKAGES = [p for p in find_packages("platform") if p.startswith("tessera")]
PLUGIN_PACKAGES = [p for p in find_packages("plugins") if p.startswith("tessera_plugins")]

setup(
    name="tessera",
    version="0.1.0",
    description="White-label platform for online gaming, lottery and betting brands",
    python_requires=">=3.11",
    package_dir={"tessera": "platform/tessera", "tessera_plugins": "plugins/tessera_plugins"},
    packages=PACKAGES + PLUGIN_PACKAGES,
    include_package_data=True,
    package_data={
        "tessera": [
            "*.yaml",
            "*/*.yaml",
            "*/*/*.yaml",
            "*/*.json",
            "locale/*/*.json",
            "templates/*.jinja2",
            "tenancy/templates/*/*.toml",
            "tenancy/templates/*/assets/*",
            "openapi/explorer/*.js",
            "migrations/*.py",
            "migrations/*.mako",
            "migrations/versions/*.py",
        ],
        "tessera.games": ["*/openapi.yaml"],
    },
    install_requires=[
        "alembic>=1.13",
        "argon2-cffi>=23.1",
        "Babel>=2.14",
        "brotli>=1.1",
        "cachetools>=5.3",
        "captcha>=0.7",
        "celery>=5.4",
        "click>=8.1",
        "coloraide>=4.0",
        "cryptography>=42",
        "jsonschema>=4.20",
        "jwcrypto>=1.5",
        "markdown-it-py>=3",
        "openapi-core>=0.19",
        "pillow>=10",
        "pluggy>=1.5",
        "psycopg[binary]>=3.1",
        "pyramid>=2.0",
        "pyramid_jinja2>=2.10",
        "pyramid_retry>=2.1",
        "pyramid_services>=2.2",
        "pyramid_tm>=2.5",
        "python-dotenv>=1.0",
        "PyYAML>=6",
        "requests>=2.32",
        "SQLAlchemy>=2.0",
        "waitress>=3.0",
        "gunicorn>=22",
        "httpx>=0.27",
        "zope.sqlalchemy>=3.1",
    ],
    # testing: the plugin author's kit (pytest --tessera-plugin NAME); test: Tessera's own suite besides.
    extras_require={
        "redis": ["redis>=5"],  # a Redis broker for the jobs (TESSERA_BROKER_URL=redis://...)
        "testing": ["pytest>=8", "WebTest>=3.0"],
        "test": ["pytest>=8", "pytest-xdist>=3.5", "WebTest>=3.0", "aiosmtpd>=1.4", "factory_boy>=3.3"],
    },
    entry_points={
        "console_scripts": ["tessera = tessera.commands:run"],
        "pytest11": ["tessera = tessera.plugins.kit.pytest_plugin"],
        "tessera": [
            "cidr-region = tessera_plugins.cidr_region",
            "customer-service-links = tessera_plugins.customer_service_links",
            "image-captcha = tessera_plugins.image_captcha",
            "geetest = tessera_plugins.geetest",
            "sms-outbox = tessera_plugins.sms_outbox",
            "sms-http = tessera_plugins.sms_http",
            "smtp-email = tessera_plugins.smtp_email",
            "firebase-phone-auth = tessera_plugins.firebase_phone_auth",
            "transfer-vendor = tessera_plugins.transfer_vendor",
            "demo-vendor = tessera_plugins.demo_vendor",
            "bank-transfer = tessera_plugins.bank_transfer",
            "signed-gateway = tessera_plugins.signed_gateway",
        ],
    },
)
