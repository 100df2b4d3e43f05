"""The contract suite of each adapter kind: a class whose tests every implementation must pass."""

from typing import Any

from tessera.plugins.kit.suites.captcha import CaptchaContract
from tessera.plugins.kit.suites.customer_service import CustomerServiceContract
from tessera.plugins.kit.suites.email_sender import EmailSenderContract
from tessera.plugins.kit.suites.federated_sign_in import FederatedSignInContract
from tessera.plugins.kit.suites.game_vendor import GameVendorContract
from tessera.plugins.kit.suites.lottery_results import LotteryResultsContract
from tessera.plugins.kit.suites.payment_channel import PaymentChannelContract
from tessera.plugins.kit.suites.phone_auth import PhoneAuthContract
from tessera.plugins.kit.suites.provider_check import ProviderCheckContract
from tessera.plugins.kit.suites.region_lookup import RegionLookupContract
from tessera.plugins.kit.suites.sms_sender import SmsSenderContract

SUITES: list[type[Any]] = [
    RegionLookupContract,
    CustomerServiceContract,
    CaptchaContract,
    SmsSenderContract,
    EmailSenderContract,
    PhoneAuthContract,
    FederatedSignInContract,
    PaymentChannelContract,
    GameVendorContract,
    LotteryResultsContract,
    ProviderCheckContract,
]

__all__ = [suite.__name__ for suite in SUITES] + ["SUITES"]
