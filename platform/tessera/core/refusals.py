"""Refusals whose traces must outlive them: a failed password check counted for the throttles,
a captcha used up, an audit line. Raising would roll the request's transaction back and lose
them, so views registered with ``decorator=keeping_traces`` answer these refusals instead of raising."""

from functools import wraps

from tessera.core.envelope import ApiError, render_error


class KeptRefusal(ApiError):
    """An :class:`ApiError` answered without rolling back what the request wrote."""


def keeping_traces(view):
    """A view decorator (Pyramid's ``decorator=`` view option: the view takes context and request)."""

    @wraps(view)
    def answered(context, request):
        try:
            return view(context, request)
        except KeptRefusal as refused:
            return render_error(request, refused.status, refused.code, refused.value, refused.headers, **refused.params)

    return answered
