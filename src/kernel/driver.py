#!/usr/bin/env python3
"""Kernel side of the tracer's comparison suite. Runs as root inside the test's own "pod" network
namespace (ip netns exec): for each packet it reads netfilter's rule counters, sends the packet with
the requested credentials (or, for inbound packets, from inside the peer namespace), reads the
counters again and prints the rules whose counters rose, one JSON object per packet.

Input (stdin, JSON): {"family": "ipv4"|"ipv6", "peerNetns": "/run/netns/NAME",
  "listeners": [15001, ...], "packets": [{"direction", "proto", "src", "sport", "dst", "dport",
  "uid", "gid", "mark", "transparent", "tcpFlags"}]}
"""
import ctypes
import json
import os
import re
import socket
import struct
import subprocess
import sys
import time

libc = ctypes.CDLL(None, use_errno=True)
CLONE_NEWNET = 0x40000000
IP_TRANSPARENT = 19
IPV6_TRANSPARENT = 75
SO_MARK = 36
IPV6_CHECKSUM = 7
SETTLE_SECONDS = 0.03

RULE_RE = re.compile(r"^\[(\d+):(\d+)\] -A (\S+)")


def read_counters(save_cmd):
    """{'table/CHAIN#n': packets} from `iptables-save -c`, positions counted per chain."""
    out = subprocess.run([save_cmd, "-c"], check=True, capture_output=True, text=True, timeout=20).stdout
    counters, table, positions = {}, None, {}
    for line in out.splitlines():
        if line.startswith("*"):
            table, positions = line[1:].strip(), {}
            continue
        m = RULE_RE.match(line)
        if m and table:
            chain = m.group(3)
            positions[chain] = positions.get(chain, 0) + 1
            counters[f"{table}/{chain}#{positions[chain]}"] = int(m.group(1))
    return counters


def checksum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f"!{len(data) // 2}H", data))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return (~s) & 0xFFFF


def raw_tcp(p, family):
    """A hand-made TCP segment with the requested flags (no socket state behind it)."""
    bits = {"F": 1, "S": 2, "R": 4, "P": 8, "A": 16, "U": 32}
    flags = sum(bits[c] for c in p["tcpFlags"].upper() if c in bits)
    hdr = struct.pack("!HHIIBBHHH", p["sport"], p["dport"], 1000, 0, 5 << 4, flags, 65535, 0, 0)
    if family == socket.AF_INET:
        s = socket.socket(family, socket.SOCK_RAW, socket.IPPROTO_TCP)
        pseudo = socket.inet_aton(p["src"]) + socket.inet_aton(p["dst"]) + struct.pack("!BBH", 0, 6, len(hdr))
        hdr = hdr[:16] + struct.pack("!H", checksum(pseudo + hdr)) + hdr[18:]
    else:
        s = socket.socket(family, socket.SOCK_RAW, socket.IPPROTO_TCP)
        s.setsockopt(socket.IPPROTO_IPV6, IPV6_CHECKSUM, 16)
    s.setsockopt(socket.SOL_IP if family == socket.AF_INET else socket.IPPROTO_IPV6,
                 IP_TRANSPARENT if family == socket.AF_INET else IPV6_TRANSPARENT, 1)
    s.bind((p["src"], 0))
    s.sendto(hdr, (p["dst"], 0))
    s.close()


def send(p, family):
    if p.get("tcpFlags"):
        raw_tcp(p, family)
        return
    kind = socket.SOCK_STREAM if p["proto"] == "tcp" else socket.SOCK_DGRAM
    # xt_owner looks at the socket file's fsuid/fsgid: switch only those, so root keeps CAP_NET_ADMIN
    # for SO_MARK and IP_TRANSPARENT.
    libc.setfsgid(p.get("gid", 0))
    libc.setfsuid(p.get("uid", 0))
    try:
        s = socket.socket(family, kind)
    finally:
        libc.setfsuid(0)
        libc.setfsgid(0)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if p.get("mark"):
        s.setsockopt(socket.SOL_SOCKET, SO_MARK, p["mark"])
    if p.get("transparent") or p["direction"] == "inbound":
        level = socket.SOL_IP if family == socket.AF_INET else socket.IPPROTO_IPV6
        s.setsockopt(level, IP_TRANSPARENT if family == socket.AF_INET else IPV6_TRANSPARENT, 1)
    s.bind((p["src"], p["sport"]))
    if kind == socket.SOCK_STREAM:
        s.setblocking(False)
        s.connect_ex((p["dst"], p["dport"]))  # one SYN; closing in SYN_SENT sends nothing more
    else:
        s.sendto(b"probe", (p["dst"], p["dport"]))
    s.close()


def send_from_peer(p, family, peer):
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            fd = os.open(peer, os.O_RDONLY)
            if libc.setns(fd, CLONE_NEWNET) != 0:
                raise OSError(ctypes.get_errno(), "setns")
            send(p, family)
            code = 0
        except Exception as e:  # noqa: BLE001 - reported to the parent through the exit code
            print(f"peer send failed: {e}", file=sys.stderr)
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    if status != 0:
        raise RuntimeError("sending from the peer namespace failed")


def main():
    spec = json.load(sys.stdin)
    family = socket.AF_INET if spec["family"] == "ipv4" else socket.AF_INET6
    save = "iptables-save" if spec["family"] == "ipv4" else "ip6tables-save"
    listeners = []
    for port in spec.get("listeners", []):
        s = socket.socket(family, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        level = socket.SOL_IP if family == socket.AF_INET else socket.IPPROTO_IPV6
        s.setsockopt(level, IP_TRANSPARENT if family == socket.AF_INET else IPV6_TRANSPARENT, 1)
        s.bind(("0.0.0.0" if family == socket.AF_INET else "::", port))
        s.listen(16)
        listeners.append(s)
    for p in spec["packets"]:
        before = read_counters(save)
        error = None
        try:
            if p["direction"] == "inbound":
                send_from_peer(p, family, spec["peerNetns"])
            else:
                send(p, family)
        except OSError as e:
            error = str(e)
        time.sleep(SETTLE_SECONDS)
        after = read_counters(save)
        rose = {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}
        print(json.dumps({"hits": rose, "error": error}), flush=True)


if __name__ == "__main__":
    main()
