from zope.interface import Interface


class IPasswordCheck(Interface):
    """Checks the payment password a ``passwordCheck/`` relay call carries.

    Registered as a utility by the feature that owns payment passwords: called with the
    request, returns True when the password is right. Without one, every such call is refused.
    """

    def __call__(request): ...
