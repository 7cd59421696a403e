"""An RSA key pair for DKIM tests, and the DNS a receiver would consult
(the one part stubbed: the internet's DNS is not here)."""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa


def rsa_key_pair() -> tuple[bytes, bytes]:
    """(the private key as PEM, the public key as a TXT record's p= value)."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )
    public = key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return pem, base64.b64encode(public)


def dns_for(selector: str, domain: str, public_b64: bytes):
    """The TXT record at <selector>._domainkey.<domain>, and nothing else."""
    wanted = f"{selector}._domainkey.{domain}.".encode()

    def lookup(name, timeout=5):
        return b"v=DKIM1; k=rsa; p=" + public_b64 if name == wanted else None

    return lookup
