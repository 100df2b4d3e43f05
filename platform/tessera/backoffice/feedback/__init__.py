"""A brand's feedback and complaints as its staff answer them (``feedback.reply``): the list with
filters, one item with its images, a reply the member sees, and its status."""

from pathlib import Path

FEEDBACK = "/bo/api/brands/{brand}/feedback"


def includeme(config):
    config.add_route("backoffice.feedback_list", FEEDBACK)
    config.add_route("backoffice.feedback", f"{FEEDBACK}/{{id}}")
    config.add_route("backoffice.feedback_image", f"{FEEDBACK}/{{id}}/images/{{index}}")
    config.add_route("backoffice.feedback_replies", f"{FEEDBACK}/{{id}}/replies")
    config.add_route("backoffice.feedback_status", f"{FEEDBACK}/{{id}}/status")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
