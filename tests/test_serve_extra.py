"""The service is an extra (issue 35): the engine and every command but ``serve`` run without the web stack,
``import solver`` never imports ``api``, and ``euchre serve`` without the stack says what to install."""
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import solver
from api.webstack import WEB_STACK
from conftest import bid_advice

ROOT = Path(__file__).resolve().parents[1]

# each package of the web stack made unimportable, as in an environment installed without the extra
BLOCK = "import sys\nfor name in %r:\n    sys.modules[name] = None\n" % (WEB_STACK,)


def run_without_web_stack(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", BLOCK + code], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)


def test_the_engine_and_its_commands_run_without_the_web_stack():
    done = run_without_web_stack(
        "import contextlib, io, json, solver\n"
        "from solver.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    status = main(['advise', '--hand', '9d Ac Tc Kd Jd', '--upcard', 'Kc', '--seat', 'N', '--dealer', 'S',"
        " '--worlds', '20', '--seed', '1', '--json'])\n"
        "loaded = sorted(m for m in sys.modules if sys.modules[m] is not None and m.split('.')[0] in {'api', *%r})\n"
        "print(json.dumps({'status': status, 'loaded': loaded, 'advice': json.loads(out.getvalue())}))\n"
        % (WEB_STACK,))
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["status"] == 0 and got["loaded"] == []
    want = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=20, seed=1).to_dict()
    assert got["advice"] == json.loads(json.dumps(want))


def test_serve_without_the_web_stack_says_what_to_install():
    done = run_without_web_stack("from solver.cli import main\nraise SystemExit(main(['serve', '--port', '0']))\n")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("euchre: error: euchre serve needs the web stack (")
    assert lines[0].endswith('is not installed): pip install "euchre-dd[serve]" (in a checkout: pip install -e ".[serve]")')


def test_the_web_stack_is_the_serve_extra_and_the_tests_pull_it_in():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

    def names(reqs):
        return {r.split(">")[0].split("=")[0].split("[")[0].strip().lower() for r in reqs}
    web = {"flask", "flask-openapi3", "gunicorn", "gevent"}
    assert not names(project["dependencies"]) & web
    assert names(project["optional-dependencies"]["serve"]) == web
    test_extra = project["optional-dependencies"]["test"]
    assert any(r.startswith("euchre-dd[") and "serve" in r.split("[")[1] for r in test_extra)


def test_python_m_api_serve_without_the_web_stack_says_what_to_install():
    # as python -m api.serve runs it (the module as __main__), each web package blocked in turn by an import hook
    for blocked in ("flask", "gevent"):
        hook = ("import importlib.abc, runpy, sys\n"
                "class Missing(importlib.abc.MetaPathFinder):\n"
                "    def find_spec(self, name, path, target=None):\n"
                f"        if name.split('.')[0] == {blocked!r}:\n"
                "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
                "sys.meta_path.insert(0, Missing())\n"
                "sys.argv = ['api.serve', '127.0.0.1', '0']\n"
                "runpy.run_module('api.serve', run_name='__main__', alter_sys=True)\n")
        done = subprocess.run([sys.executable, "-c", hook], capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert done.returncode == 1
        assert "Traceback" not in done.stderr
        assert done.stderr.strip() == (f"api.serve: error: python -m api.serve needs the web stack ({blocked} is not "
                                       'installed): pip install "euchre-dd[serve]" (in a checkout: pip install -e '
                                       '".[serve]")')


def test_importing_api_serve_without_the_web_stack_still_raises():
    # a caller (euchre serve) decides what to say: the import itself is not turned into an exit
    done = run_without_web_stack("try:\n    import api.serve\nexcept ModuleNotFoundError as exc:\n"
                                 "    print(exc.name)\n")
    assert done.returncode == 0 and done.stdout.strip() in WEB_STACK
