"""Identity's scheduled job: what no request can use any more, deleted across every brand."""

from tessera.core.onetime import purge_expired
from tessera.identity.encryption.services import forget_stale_payloads
from tessera.identity.sessions.services import purge_ended_sessions
from tessera.identity.verification.services import forget_old_codes
from tessera.jobs.registry import Work, job


@job("identity.expire", every=600, per_brand=False)
def expire(work: Work) -> dict[str, int]:
    """Sessions past their lifetime or revoked, expired one-time values (captcha answers, one-time
    tokens), verification codes no throttle counts any more, and the ids of encrypted payloads
    that would be refused as stale anyway."""
    with work.unit_of_work() as db:
        return {
            "sessions": purge_ended_sessions(db, work.at),
            "one_time_values": purge_expired(db, work.at),
            "verification_codes": forget_old_codes(db, work.at),
            "seen_payloads": forget_stale_payloads(db, work.at),
        }
