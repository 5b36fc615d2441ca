#!/usr/bin/env python3
"""The CPU (user + sys) of every process a command starts, and where it went.

    TZ=America/St_Johns python3 .ci/suite-cpu.py npx vitest run [vitest args]

`/usr/bin/time` counts only the processes their parents wait for: Chromium's, which Playwright leaves
behind when a vitest worker ends, are reparented to init and never counted (about a third of the suite's
CPU). This runs the command as a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so every process it
starts is reaped here and counted in getrusage(RUSAGE_CHILDREN); /proc is sampled every 0.2 s for the
split by kind of process (a process's last 0.2 s and processes shorter than that show as "unsampled").
Prints the total, wall time and the split (with the number of processes of each kind); exits with the command's code.
"""
import collections, ctypes, os, re, resource, sys, threading, time

PR_SET_CHILD_SUBREAPER = 36
HZ = os.sysconf('SC_CLK_TCK')


def stat(pid):
    with open(f'/proc/{pid}/stat', 'rb') as f:
        text = f.read().decode('latin1')
    end = text.rfind(')')
    fields = text[end + 2:].split()
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / HZ, int(fields[19])  # ppid, own CPU, start


def cmdline(pid):
    try:
        with open(f'/proc/{pid}/cmdline', 'rb') as f:
            return f.read().replace(b'\0', b' ').decode('latin1')
    except OSError:
        return ''


def kind(cmd):
    if 'DynamoDb' in cmd: return 'DynamoDB Local (Java)'
    if 'chromium' in cmd:
        match = re.search(r'--type=(\S+)', cmd)
        return 'Chromium ' + (match.group(1) if match else 'browser')
    if 'cognito-server' in cmd: return 'cognito-local'
    if 'stack-process' in cmd or 'scripts/local/start.ts' in cmd: return 'local stacks (server, s3rver, units)'
    if 'vite.js build' in cmd: return 'SPA build (vite)'
    if 'esbuild' in cmd: return 'esbuild'
    if 'vitest' in cmd and ('--conditions' in cmd or 'workers' in cmd): return 'vitest workers'
    if 'vitest' in cmd: return 'vitest main'
    return 'other processes (CLIs, bundles, npm)'


def main():
    command = sys.argv[1:]
    libc = ctypes.CDLL('libc.so.6', use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    me = os.getpid()
    seen = {}
    done = threading.Event()

    def sample():
        while not done.is_set():
            parents = {}
            for entry in os.listdir('/proc'):
                if entry.isdigit():
                    try:
                        parents[int(entry)] = stat(entry)
                    except OSError:
                        pass
            children = collections.defaultdict(list)
            for pid, (ppid, _, _) in parents.items():
                children[ppid].append(pid)
            todo = [me]
            while todo:
                for pid in children.get(todo.pop(), []):
                    todo.append(pid)
                    _, cpu, start = parents[pid]
                    entry = seen.setdefault((pid, start), {'cmd': ''})
                    entry['cmd'] = entry['cmd'] or cmdline(pid)
                    entry['cpu'] = cpu
            time.sleep(0.2)

    started = time.time()
    child = os.fork()
    if child == 0:
        os.execvp(command[0], command)
    threading.Thread(target=sample, daemon=True).start()
    code, wall = 1, None
    while True:
        try:
            pid, status, _ = os.wait4(-1, 0)
        except ChildProcessError:
            break
        if pid == child:
            code, wall = os.waitstatus_to_exitcode(status), time.time() - started
    done.set()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = usage.ru_utime + usage.ru_stime
    split = collections.defaultdict(float)
    count = collections.Counter()
    for entry in seen.values():
        split[kind(entry['cmd'])] += entry.get('cpu', 0)
        count[kind(entry['cmd'])] += 1
    split['unsampled'] = total - sum(split.values())
    out = sys.stderr
    print(f'\nCPU of every process: {total:.1f} s (user {usage.ru_utime:.1f} + sys {usage.ru_stime:.1f}), wall {wall or 0:.1f} s', file=out)
    for name, cpu in sorted(split.items(), key=lambda item: -item[1]):
        print(f'  {cpu:7.1f} s  {name}' + (f' ({count[name]} processes)' if count[name] else ''), file=out)
    sys.exit(code)


main()
