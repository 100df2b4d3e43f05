"""Production gunicorn settings: ``gunicorn -c python:tessera.gunicorn_conf tessera.wsgi:application``.

Workers are stateless; scale them with TESSERA_WORKERS and put any load balancer in front.
"""

import multiprocessing
import os

bind = os.environ.get("TESSERA_BIND", "0.0.0.0:6543")
workers = int(os.environ.get("TESSERA_WORKERS", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("TESSERA_THREADS", 4))
worker_class = "gthread"
timeout = 60
graceful_timeout = 30
keepalive = 5
max_requests = 10000
max_requests_jitter = 1000
preload_app = True
forwarded_allow_ips = os.environ.get("TESSERA_TRUSTED_PROXIES", "127.0.0.1")
accesslog = None  # the app logs each request as JSON, with its request id
errorlog = "-"
limit_request_line = 8190
