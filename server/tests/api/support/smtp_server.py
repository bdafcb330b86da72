#!/usr/bin/python3
"""A real SMTP server for the API tests (Debian's python3-aiosmtpd).

Each accepted message is written to DIR as <n>.eml (the bytes received) and
<n>.json (envelope, decoded headers, text and HTML parts, whether the session
was TLS and who authenticated), so a test can read what the portal sent.

  smtp_server.py --port PORT --dir DIR [--fail-first N] [--auth USER:PASSWORD]
                 [--tls CERT KEY [--implicit-tls]]

--fail-first N  answers the first N messages 451 (try again later)
--auth          requires AUTH (PLAIN or LOGIN) with these credentials
--tls           offers STARTTLS with this certificate and requires it before
                MAIL (and before AUTH); with --implicit-tls, TLS from the first
                byte instead (submissions, port 465 style)

Prints "ready <port>" once listening; stops on SIGTERM or SIGINT.
"""
import argparse
import warnings
import email
import email.policy
import email.utils
import json
import os
import signal
import ssl
import sys
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


class Handler:
    def __init__(self, directory, fail_first):
        self.directory = directory
        self.fail_first = fail_first
        self.count = 0
        self.refused = 0

    async def handle_DATA(self, server, session, envelope):
        if self.refused < self.fail_first:
            self.refused += 1
            return '451 4.3.0 Try again later'
        self.count += 1
        raw = envelope.original_content or envelope.content
        message = email.message_from_bytes(raw, policy=email.policy.default)
        text = message.get_body(('plain',))
        html = message.get_body(('html',))
        header_block = raw.split(b'\r\n\r\n', 1)[0].decode('ascii', 'replace')
        record = {
            'mailFrom': envelope.mail_from,
            'rcptTos': envelope.rcpt_tos,
            'tls': session.ssl is not None or server.transport.get_extra_info('ssl_object') is not None,
            'authenticated': bool(session.authenticated),
            'login': session.auth_data.login.decode() if isinstance(session.auth_data, LoginPassword) else None,
            'rawHeaders': header_block,
            'headers': {k: str(v) for k, v in message.items()},
            'date': email.utils.parsedate_to_datetime(message['Date']).isoformat() if message['Date'] else None,
            'contentType': message.get_content_type(),
            'text': text.get_content() if text is not None else None,
            'html': html.get_content() if html is not None else None,
        }
        base = os.path.join(self.directory, f'{self.count:04d}')
        with open(base + '.eml', 'wb') as f:
            f.write(raw)
        with open(base + '.json.tmp', 'w', encoding='utf-8') as f:
            json.dump(record, f, ensure_ascii=False)
        os.replace(base + '.json.tmp', base + '.json')  # readers never see half a file
        return '250 2.0.0 Message accepted'


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--port', type=int, required=True)
    parser.add_argument('--dir', required=True)
    parser.add_argument('--fail-first', type=int, default=0)
    parser.add_argument('--auth')
    parser.add_argument('--tls', nargs=2, metavar=('CERT', 'KEY'))
    parser.add_argument('--implicit-tls', action='store_true')
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)

    warnings.simplefilter('ignore')  # "AUTH without TLS": what the plain AUTH test wants
    kwargs = {}
    if args.auth:
        user, password = args.auth.split(':', 1)

        def authenticator(server, session, envelope, mechanism, auth_data):
            ok = (isinstance(auth_data, LoginPassword) and auth_data.login.decode() == user
                  and auth_data.password.decode() == password)
            return AuthResult(success=ok, auth_data=auth_data)

        # aiosmtpd counts only STARTTLS as TLS for auth_require_tls; implicit TLS is TLS from the start.
        kwargs.update(auth_required=True, authenticator=authenticator,
                      auth_require_tls=bool(args.tls) and not args.implicit_tls)
    implicit = None
    if args.tls:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.tls[0], args.tls[1])
        if args.implicit_tls:
            implicit = context
        else:
            kwargs.update(tls_context=context, require_starttls=True)

    controller = Controller(Handler(args.dir, args.fail_first), hostname='127.0.0.1', port=args.port,
                            server_hostname='localhost', ssl_context=implicit, **kwargs)
    controller.start()
    print(f'ready {args.port}', flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    controller.stop()
    return 0


if __name__ == '__main__':
    sys.exit(main())
