#!/usr/bin/env python3
"""Kernel side of the tracer's comparison suite. Runs as root inside the test's own "pod" network
namespace (ip netns exec): for each packet it reads netfilter's rule counters, sends the packet with
the requested credentials (or, for inbound packets, from inside the peer namespace), reads the
counters again and prints the rules whose counters rose, one JSON object per packet.

One packet, counted once. A chain of our own (table inet meshsim_probe, before the raw table, on
the output and prerouting hooks) lets exactly one copy of the traced packet's tuple into
netfilter's tables: later copies of the same tuple — a TCP retransmission, which a starved machine
sends while the driver waits to read (the peer's ACK never comes: that filter drops it) — are
dropped there before any rule sees them, and counted, so the result says "the kernel sent N more
copies" instead of counting the packet twice. The counters are read once that first copy has
passed the filter and two reads in a row agree, not after a fixed sleep.

Input (stdin, JSON): {"family": "ipv4"|"ipv6", "backend": "iptables"|"nftables", "peerNetns": "/run/netns/NAME",
  "listeners": [15001, ...], "udpSockets": [15053, ...], "packets": [{"direction", "proto", "src", "sport", "dst", "dport",
  "uid", "gid", "mark", "transparent", "tcpFlags", "state", "probe", "prelude", "listeners"}],
  "stallSeconds": 0}  (a test's stand-in for a starved machine: the driver holds still this long after each send)
Output (stdout, one line per packet): {"hits": {"table/chain#n": packets}, "error": str|null, "copies": n}
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
# Reading the counters: at most this many reads, this far apart, until two in a row agree.
MAX_READS = 40
QUIET_SECONDS = 0.005

RULE_RE = re.compile(r"^\[(\d+):(\d+)\] -A (\S+)")
NFT_TABLE_RE = re.compile(r"^table (\S+) (\S+) \{")
NFT_BLOCK_RE = re.compile(r"^\t(chain|set|map|flowtable) (\S+) \{")
NFT_COUNTER_RE = re.compile(r"counter packets (\d+) bytes \d+")
PROBE_TABLE = "meshsim_probe"


def probe_counts(lines):
    """How many copies of the traced packet the probe filter let in ('passed') and dropped ('copies')."""
    counts = {"passed": 0, "copies": 0}
    for line in lines:
        c = NFT_COUNTER_RE.search(line)
        if c and "@traced" in line:
            counts["passed"] += int(c.group(1))
        elif c and "@passed_" in line:
            counts["copies"] += int(c.group(1))
    return counts


def read_nft(out):
    """{'table/chain#n': packets} from `nft list ruleset`, positions counted per chain (our own tables
    left out), and the probe filter's counts."""
    counters, table, chain, pos = {}, None, None, 0
    probe_lines = []
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
        if table == PROBE_TABLE:
            probe_lines.append(body)
        if not chain or not body or table is None or table.startswith("meshsim_"):
            continue
        if body.startswith("type ") and " hook " in body:
            continue
        pos += 1
        c = NFT_COUNTER_RE.search(body)
        if c:
            counters[f"{table}/{chain}#{pos}"] = int(c.group(1))
    return counters, probe_counts(probe_lines)


def nft_list(*what):
    return subprocess.run(["nft", "list", *what], check=True, capture_output=True, text=True, timeout=20).stdout


def read_counters(save_cmd):
    """({'table/CHAIN#n': packets} from `iptables-save -c` (or nft's listing), positions counted per
    chain; the probe filter's counts)."""
    if save_cmd == "nft":
        return read_nft(nft_list("ruleset"))
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
    return counters, probe_counts(nft_list("table", "inet", PROBE_TABLE).splitlines())


def settled_counters(save_cmd):
    """The counters once the traced packet has passed the probe filter and two reads in a row agree
    (a bounded number of reads): what its one copy did, however slowly the machine runs."""
    last = None
    for _ in range(MAX_READS):
        read = read_counters(save_cmd)
        if read[1]["passed"] and read == last:
            return read
        last = read if read[1]["passed"] else None
        time.sleep(QUIET_SECONDS)
    if last is None:
        raise RuntimeError("the packet never reached the pod's netfilter hooks")
    raise RuntimeError(f"the counters were still moving after {MAX_READS} reads")


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


TUPLE = "meta l4proto . th sport . th dport"


def declare_filter_sets():
    """The traced packet's tuple, and per hook the tuples whose one copy has gone in."""
    script = "\n".join([
        f"add set inet {PROBE_TABLE} traced {{ type inet_proto . inet_service . inet_service; }}",
        f"add set inet {PROBE_TABLE} passed_out {{ type inet_proto . inet_service . inet_service; flags dynamic; }}",
        f"add set inet {PROBE_TABLE} passed_pre {{ type inet_proto . inet_service . inet_service; flags dynamic; }}",
    ])
    subprocess.run(["nft", "-f", "-"], input=script, text=True, check=True, timeout=20)


def set_filter(mode, tup=None):
    """What may reach netfilter's tables: 'all' (handshakes, preludes), or one copy of one tuple
    (proto, sport, dport) per hook: replies, ICMP errors, other packets' late copies and this
    packet's own second copy never move a counter. Packets looped back on lo went through the
    output filter already (their tuple may be rewritten by then)."""
    script = [f"flush chain inet {PROBE_TABLE} out", f"flush chain inet {PROBE_TABLE} pre"]
    if mode == "all":
        script += [f"add rule inet {PROBE_TABLE} out accept", f"add rule inet {PROBE_TABLE} pre accept"]
    else:
        proto, sport, dport = tup
        script += [f"flush set inet {PROBE_TABLE} {s}" for s in ("traced", "passed_out", "passed_pre")]
        script.append(f"add element inet {PROBE_TABLE} traced {{ {proto} . {sport} . {dport} }}")
        script.append(f'add rule inet {PROBE_TABLE} pre iifname "lo" accept')
        for chain in ("out", "pre"):
            script.append(f"add rule inet {PROBE_TABLE} {chain} {TUPLE} @passed_{chain} counter drop")
            script.append(f"add rule inet {PROBE_TABLE} {chain} {TUPLE} @traced add @passed_{chain} {{ {TUPLE} }} counter accept")
    subprocess.run(["nft", "-f", "-"], input="\n".join(script), text=True, check=True, timeout=20)


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
        set_filter("packet", (p["proto"], local[1], remote[1]))
        before, _ = read_counters(save)
        if p.get("probe") == "server":
            server.send(b"x")
        elif client is not None:
            client.send(b"x")
        else:
            os.write(w_cmd, b"s")
            os.read(r_ack, 1)
        time.sleep(spec.get("stallSeconds", 0))
        after, probe = settled_counters(save)
        # Tear the connection down at once (RST, filters open) so no retransmission outlives it.
        set_filter("all")
        abort(server)
        return before, after, probe["copies"]
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
    declare_filter_sets()
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
        copies = 0
        try:
            if p.get("prelude"):
                set_filter("all")
                send(dict(p["prelude"], direction="outbound"), family)
                time.sleep(SETTLE_SECONDS)
            if p.get("state") == "established":
                before, after, copies = established(p, family, spec, envoy + extra, owners, save)
            else:
                set_filter("packet", (p["proto"], p["sport"], p["dport"]))
                before, _ = read_counters(save)
                if p["direction"] == "inbound":
                    send_from_peer(p, family, spec["peerNetns"])
                else:
                    try:
                        send(p, family)
                    except PermissionError:
                        pass  # a DROP on the output path fails the send with EPERM; the packet was still traced
                time.sleep(spec.get("stallSeconds", 0))
                after, probe = settled_counters(save)
                copies = probe["copies"]
        except (OSError, RuntimeError) as e:
            error = str(e)
        finally:
            for s in extra:
                owners.pop(s, None)
                s.close()
        rose = {k: v - before.get(k, 0) for k, v in after.items() if v != before.get(k, 0)}
        print(json.dumps({"hits": rose, "error": error, "copies": copies}), flush=True)
    for s in datagram:
        s.close()


if __name__ == "__main__":
    main()
