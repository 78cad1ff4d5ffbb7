"""The smallest SMTP server that accepts mail, for tests that need a real one on a socket: it
answers every command with success and keeps each mail's envelope and text in `received`."""

from __future__ import annotations

import socket
import threading

received: list[str] = []


def _session(connection: socket.socket) -> None:
    reader = connection.makefile("rb")
    connection.sendall(b"220 sink ESMTP\r\n")
    envelope: list[str] = []
    for raw in reader:
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        verb = line[:4].upper()
        if verb == "DATA":
            connection.sendall(b"354 go on\r\n")
            body = []
            for data in reader:
                if data in (b".\r\n", b".\n"):
                    break
                body.append(data.decode("utf-8", "replace"))
            received.append("\n".join(envelope) + "\n" + "".join(body))
            envelope = []
            connection.sendall(b"250 accepted\r\n")
        elif verb == "QUIT":
            connection.sendall(b"221 bye\r\n")
            break
        else:
            if verb in ("MAIL", "RCPT"):
                envelope.append(line)
            connection.sendall(b"250 ok\r\n")
    connection.close()


def serve(server: socket.socket) -> None:
    """Answer SMTP on the listening `server` socket, in a thread, one connection after another."""

    def loop() -> None:
        while True:
            connection, _address = server.accept()
            _session(connection)

    threading.Thread(target=loop, daemon=True).start()
