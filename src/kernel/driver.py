#!/usr/bin/env python3
"""Kernel side of the tracer's comparison suite. Runs as root inside the test's own "pod" network
namespace (ip netns exec): for each packet it reads netfilter's rule counters, sends the packet with
the requested credentials (or, for inbound packets, from inside the peer namespace), reads the
counters again and prints the rules whose counters rose, one JSON object per packet.

Input (stdin, JSON): {"family": "ipv4"|"ipv6", "backend": "iptables"|"nftables", "peerNetns": "/run/netns/NAME",
  "listeners": [15001, ...], "udpSockets": [15053, ...], "packets": [{"direction", "proto", "src", "sport", "dst", "dport",
  "uid", "gid", "mark", "transparent", "tcpFlags", "state", "probe", "prelude", "listeners"}]}
Established packets first complete a real TCP handshake (filters open), then only the one traced
segment is let through to netfilter's tables while the counters are read.
"""
import select
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
NFT_TABLE_RE = re.compile(r"^table (\S+) (\S+) \{")
NFT_BLOCK_RE = re.compile(r"^\t(chain|set|map|flowtable) (\S+) \{")
NFT_COUNTER_RE = re.compile(r"counter packets (\d+) bytes \d+")


def read_counters_nft():
    """{'table/chain#n': packets} from `nft list ruleset`, positions counted per chain (our probe tables left out)."""
    out = subprocess.run(["nft", "list", "ruleset"], check=True, capture_output=True, text=True, timeout=20).stdout
    counters, table, chain, pos = {}, None, None, 0
    for line in out.splitlines():
        m = NFT_TABLE_RE.match(line)
        if m:
            table, chain = m.group(2), None
            continue
        m = NFT_BLOCK_RE.match(line)
        if m:
            chain, pos = (m.group(2) if m.group(1) == "chain" else None), 0
            continue
        body = line.strip()
        if line.startswith("\t}") or line.startswith("}"):
            chain = None
            continue
        if not chain or not body or table is None or table.startswith("meshsim_"):
            continue
        if body.startswith("type ") and " hook " in body:
            continue
        pos += 1
        c = NFT_COUNTER_RE.search(body)
        if c:
            counters[f"{table}/{chain}#{pos}"] = int(c.group(1))
    return counters


def read_counters(save_cmd):
    """{'table/CHAIN#n': packets} from `iptables-save -c` (or nft's listing), positions counted per chain."""
    if save_cmd == "nft":
        return read_counters_nft()
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


class owned_by:
    """xt_owner looks at the socket file's fsuid/fsgid: switch only those, so root keeps
    CAP_NET_ADMIN for SO_MARK and IP_TRANSPARENT."""

    def __init__(self, uid, gid):
        self.uid, self.gid = uid or 0, gid or 0

    def __enter__(self):
        libc.setfsgid(self.gid)
        libc.setfsuid(self.uid)

    def __exit__(self, *exc):
        libc.setfsuid(0)
        libc.setfsgid(0)


PROBE_SET = "meta l4proto . th sport . th dport @probes accept"


def declare_probes(packets):
    """The tuples of every traced new packet, so one filter serves them all without an nft call each."""
    elements = sorted({f'{p["proto"]} . {p["sport"]} . {p["dport"]}' for p in packets if p.get("state") != "established"})
    script = ["add set inet meshsim_probe probes { type inet_proto . inet_service . inet_service; }"]
    if elements:
        script.append("add element inet meshsim_probe probes { " + ", ".join(elements) + " }")
    subprocess.run(["nft", "-f", "-"], input="\n".join(script), text=True, check=True, timeout=20)


def set_filter(mode, tup=None):
    """What may reach netfilter's tables: 'all', the declared 'probes', or one tuple."""
    if mode == "all":
        out_rule, pre_rule = "accept", "accept"
    elif mode == "probes":
        out_rule = pre_rule = PROBE_SET
    else:
        proto, sport, dport = tup
        out_rule = pre_rule = f"meta l4proto {proto} th sport {sport} th dport {dport} accept"
    script = "\n".join([
        "flush chain inet meshsim_probe out",
        "flush chain inet meshsim_probe pre",
        f"add rule inet meshsim_probe out {out_rule}",
        'add rule inet meshsim_probe pre iifname "lo" accept',
        f"add rule inet meshsim_probe pre {pre_rule}",
    ])
    subprocess.run(["nft", "-f", "-"], input=script, text=True, check=True, timeout=20)


def open_socket(p, family):
    kind = socket.SOCK_STREAM if p["proto"] == "tcp" else socket.SOCK_DGRAM
    with owned_by(p.get("uid"), p.get("gid")):
        s = socket.socket(family, kind)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if p.get("mark"):
        s.setsockopt(socket.SOL_SOCKET, SO_MARK, p["mark"])
    if p.get("transparent") or p.get("direction") == "inbound":
        level = socket.SOL_IP if family == socket.AF_INET else socket.IPPROTO_IPV6
        s.setsockopt(level, IP_TRANSPARENT if family == socket.AF_INET else IPV6_TRANSPARENT, 1)
    s.bind((p["src"], p["sport"]))
    return s


def send(p, family):
    if p.get("tcpFlags"):
        raw_tcp(p, family)
        return
    s = open_socket(p, family)
    if p["proto"] == "tcp":
        s.setblocking(False)
        s.connect_ex((p["dst"], p["dport"]))  # one SYN; closing in SYN_SENT sends nothing more
    else:
        s.sendto(b"probe", (p["dst"], p["dport"]))
    s.close()


def enter_netns(path):
    """Moves this (forked) process into the network namespace at path."""
    fd = os.open(path, os.O_RDONLY)
    if libc.setns(fd, CLONE_NEWNET) != 0:
        raise OSError(ctypes.get_errno(), "setns")


def send_from_peer(p, family, peer):
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            enter_netns(peer)
            send(p, family)
            code = 0
        except Exception as e:  # noqa: BLE001 - reported to the parent through the exit code
            print(f"peer send failed: {e}", file=sys.stderr)
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    if status != 0:
        raise RuntimeError("sending from the peer namespace failed")


def listen(family, port, uid, gid, transparent):
    with owned_by(uid, gid):
        s = socket.socket(family, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if transparent:
        level = socket.SOL_IP if family == socket.AF_INET else socket.IPPROTO_IPV6
        s.setsockopt(level, IP_TRANSPARENT if family == socket.AF_INET else IPV6_TRANSPARENT, 1)
    s.bind(("0.0.0.0" if family == socket.AF_INET else "::", port))
    s.listen(16)
    return s


def udp_socket(family, port):
    with owned_by(0, 1337):
        s = socket.socket(family, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    level = socket.SOL_IP if family == socket.AF_INET else socket.IPPROTO_IPV6
    s.setsockopt(level, IP_TRANSPARENT if family == socket.AF_INET else IPV6_TRANSPARENT, 1)
    s.bind(("0.0.0.0" if family == socket.AF_INET else "::", port))
    s.setblocking(False)
    return s


def peer_client(p, family, peer):
    """A child in the peer namespace that connects, then sends one segment when told to."""
    r_cmd, w_cmd = os.pipe()
    r_ack, w_ack = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            enter_netns(peer)
            s = open_socket(p, family)
            s.settimeout(2)
            s.connect((p["dst"], p["dport"]))
            os.write(w_ack, b"c")
            while True:
                cmd = os.read(r_cmd, 1)
                if cmd == b"s":
                    s.send(b"x")
                    os.write(w_ack, b"s")
                else:
                    abort(s)
                    break
            code = 0
        except Exception as e:  # noqa: BLE001
            print(f"peer client failed: {e}", file=sys.stderr)
            os.write(w_ack, b"e")
        os._exit(code)
    return pid, w_cmd, r_ack


def accept_any(listeners, owners):
    ready, _, _ = select.select(listeners, [], [], 2)
    if not ready:
        raise RuntimeError("no listener accepted the connection")
    with owned_by(*owners[ready[0]]):
        conn, _ = ready[0].accept()
    return conn


def abort(s):
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def established(p, family, spec, listeners, owners, save):
    """Completes the handshake with every filter open, then traces one later segment."""
    set_filter("all")
    child = None
    client = None
    try:
        if p["direction"] == "inbound":
            child, w_cmd, r_ack = peer_client(p, family, spec["peerNetns"])
            ready, _, _ = select.select([r_ack], [], [], 3)
            if not ready or os.read(r_ack, 1) != b"c":
                raise RuntimeError("the handshake did not complete")
        else:
            client = open_socket(p, family)
            client.settimeout(2)
            client.connect((p["dst"], p["dport"]))
        server = accept_any(listeners, owners)
        time.sleep(SETTLE_SECONDS)
        if p.get("probe") == "server":
            local, remote = server.getsockname(), server.getpeername()
        elif client is not None:
            local, remote = client.getsockname(), client.getpeername()
        else:
            local, remote = (p["src"], p["sport"]), (p["dst"], p["dport"])
        set_filter("tuple", (p["proto"], local[1], remote[1]))
        before = read_counters(save)
        if p.get("probe") == "server":
            server.send(b"x")
        elif client is not None:
            client.send(b"x")
        else:
            os.write(w_cmd, b"s")
            os.read(r_ack, 1)
        time.sleep(SETTLE_SECONDS)
        after = read_counters(save)
        # Tear the connection down at once (RST, filters open) so no retransmission outlives it.
        set_filter("all")
        abort(server)
        return before, after
    finally:
        if client is not None:
            abort(client)
        if child:
            os.write(w_cmd, b"q")
            os.waitpid(child, 0)


def main():
    spec = json.load(sys.stdin)
    family = socket.AF_INET if spec["family"] == "ipv4" else socket.AF_INET6
    save = "nft" if spec.get("backend") == "nftables" else "iptables-save" if spec["family"] == "ipv4" else "ip6tables-save"
    declare_probes(spec["packets"])
    set_filter("probes")
    filter_mode = "probes"
    owners = {}
    envoy = []
    for port in spec.get("listeners", []):
        s = listen(family, port, 0, 1337, True)
        owners[s] = (0, 1337)
        envoy.append(s)
    # UDP sockets of the proxy (ztunnel's DNS proxy): a redirected datagram is delivered, not refused.
    datagram = [udp_socket(family, port) for port in spec.get("udpSockets", [])]
    for p in spec["packets"]:
        extra = []
        for port in p.get("listeners") or []:
            s = listen(family, port, 1000, 1000, False)
            owners[s] = (1000, 1000)
            extra.append(s)
        error = None
        before = after = {}
        try:
            if p.get("prelude"):
                set_filter("all")
                filter_mode = "all"
                send(dict(p["prelude"], direction="outbound"), family)
                time.sleep(SETTLE_SECONDS)
            if p.get("state") == "established":
                filter_mode = "changing"
                before, after = established(p, family, spec, envoy + extra, owners, save)
            else:
                # Only declared probe tuples reach the tables: replies and ICMP errors never move a counter.
                if filter_mode != "probes":
                    set_filter("probes")
                    filter_mode = "probes"
                before = read_counters(save)
                if p["direction"] == "inbound":
                    send_from_peer(p, family, spec["peerNetns"])
                else:
                    try:
                        send(p, family)
                    except PermissionError:
                        pass  # a DROP on the output path fails the send with EPERM; the packet was still traced
                time.sleep(SETTLE_SECONDS)
                after = read_counters(save)
        except (OSError, RuntimeError) as e:
            error = str(e)
        finally:
            for s in extra:
                owners.pop(s, None)
                s.close()
        rose = {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}
        print(json.dumps({"hits": rose, "error": error}), flush=True)
    for s in datagram:
        s.close()


if __name__ == "__main__":
    main()
