"""Tessera's development sandboxes: local servers speaking the protocols of the services the built-in
plugins call (the payment gateway, the transfer-wallet and seamless-wallet game vendors with their
playable slots, an SMS gateway, an SMTP server, geetest and Firebase's securetoken), for ``make run``,
the browser tests and the contract helpers of the built-in plugins. Development only: it is not part
of the installed distribution and no entry point names it; ``make run`` puts ``dev/`` on the path.
"""
