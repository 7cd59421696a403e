"""Mail in and out, knowing nothing of Diplomacy: what crosses to the game
service is an `IncomingMail` and `OutgoingMail` (message.py).

    message.py         IncomingMail, OutgoingMail, and the Handler protocols
    smtp_listener.py   the embedded SMTP server: mail for the judge only,
                       stored before the 250
    in_flow.py         mail taken no faster than it is answered (Postfix's
                       in_flow_delay)
    imap_poller.py     reading an existing IMAP mailbox instead
    decode.py          real-world mail into text: MIME, charsets, HTML
    quotes.py          where a reply's own text ends (quotes, signatures)
    addresses.py       addresses read strictly, checked before writing to them
    loops.py           mail never to answer, and robots that echo the judge
    compose.py         OutgoingMail into the bytes the outbox keeps
    dkim_signing.py    DKIM signatures on outgoing mail
    sender.py          drains the outbox, each message on its own
    transports.py      an SMTP relay, or a Maildir without one
    verp.py            an envelope sender per outgoing message, for bounces
    dsn.py             reading bounces (RFC 3464 and the rest)
    bounces.py         a bounce checked against the outbox, then recorded

The tables it keeps its state in are judge.store's.
"""
