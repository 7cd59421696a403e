import shutil
from pathlib import Path

import pytest

from judge.config import Config, ConfigError, Limits, WebSettings, load_config


def test_repository_judge_toml_matches_the_embedded_defaults():
    config = load_config(Path(__file__).parents[2] / "judge.toml")
    defaults = Config()
    assert config.judge.code == defaults.judge.code
    assert config.judge.address == defaults.judge.address
    assert config.smtp == defaults.smtp
    assert config.limits == defaults.limits == Limits()
    assert config.storage == defaults.storage
    assert config.storage.keep_sent_days == config.storage.keep_intake_days == 14
    assert config.limits.max_message_size == 256 * 1024
    assert config.imap is None and config.relay is None and config.dkim is None
    # the one option it changes: `make run` serves the web pages
    assert config.web == WebSettings(listen="127.0.0.1:8080") != defaults.web


def test_no_file_gives_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert load_config(None) == Config()


def test_sections_and_relative_data_dir(tmp_path):
    path = tmp_path / "j.toml"
    path.write_text(
        '[judge]\naddress = "dip@example.org"\ndata_dir = "data"\n'
        '[relay]\nhost = "127.0.0.1"\nport = 2526\n'
        '[imap]\nuser = "judge"\npassword = "secret"\n'
        "[limits]\ntick_interval = 1\n"
    )
    config = load_config(path)
    assert config.judge.data_dir == tmp_path / "data"
    assert config.relay.port == 2526
    assert config.imap.user == "judge" and config.imap.folder == "INBOX"
    assert config.limits.tick_interval == 1.0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[judg]\n", "unknown section"),
        ('[smtp]\nlisten = "x"\nport = 3\n', "unknown option(s) port"),
        ('[limits]\nmax_message_size = "big"\n', "must be a int"),
        ('[judge]\naddress = "nobody"\n', "not a mail address"),
        ('[judge]\ntimezone = "Mars/Olympus"\n', "timezone"),
        ("[judge\n", "not valid TOML"),
        ('[smtp]\ntls_cert = "c.pem"\n', "tls_cert and tls_key go together"),
        ("[smtp]\nrequire_tls = true\n", "require_tls needs tls_cert"),
        ('[dkim]\ndomain = "example.org"\n', "needs selector, key_file"),
    ],
)
def test_bad_files_are_refused_clearly(tmp_path, text, message):
    path = tmp_path / "j.toml"
    path.write_text(text)
    with pytest.raises(
        ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")
    ):
        load_config(path)


def test_key_and_certificate_files_are_found_beside_the_config(tmp_path):
    path = tmp_path / "etc" / "judge.toml"
    path.parent.mkdir()
    path.write_text(
        '[smtp]\ntls_cert = "tls/cert.pem"\ntls_key = "/abs/key.pem"\n'
        '[dkim]\ndomain = "example.org"\nselector = "s1"\nkey_file = "dkim.pem"\n'
    )
    config = load_config(path)
    assert config.smtp.tls_cert == str(tmp_path / "etc" / "tls" / "cert.pem")
    assert config.smtp.tls_key == "/abs/key.pem"
    assert config.dkim.key_file == str(tmp_path / "etc" / "dkim.pem")


def test_missing_named_file(tmp_path):
    with pytest.raises(ConfigError, match="no such configuration file"):
        load_config(tmp_path / "absent.toml")


def test_the_rate_limit_leaves_room_for_a_game_played_fast():
    """A scripted or tournament game sends orders every few minutes for
    hours: a few hundred messages an hour from one player or master must
    all be read (loops are stopped by the auto-reply checks, not by this)."""
    assert Limits().rate_limit_messages >= 500


def test_passwords_kept_out_of_the_config(tmp_path, monkeypatch):
    (tmp_path / "secrets").mkdir()
    (tmp_path / "secrets" / "imap").write_text("s3cret with spaces \n")
    monkeypatch.setenv("TEST_JUDGE_RELAY_PASSWORD", "relay-pw")
    path = tmp_path / "j.toml"
    path.write_text(
        '[imap]\nuser = "judge"\npassword_file = "secrets/imap"\n'
        '[relay]\nuser = "judge"\npassword_env = "TEST_JUDGE_RELAY_PASSWORD"\n'
    )
    config = load_config(path)
    assert config.imap.password == "s3cret with spaces "  # only the line break goes
    assert config.relay.password == "relay-pw"
    assert "s3cret" not in path.read_text() and "relay-pw" not in path.read_text()


@pytest.mark.parametrize(
    ("section", "message"),
    [
        (
            '[relay]\npassword_env = "TEST_JUDGE_NOT_SET"\n',
            "TEST_JUDGE_NOT_SET is not set",
        ),
        ('[imap]\npassword_file = "missing"\n', "password_file: cannot read"),
        ('[imap]\npassword = "a"\npassword_file = "f"\n', "give only one of"),
        ('[imap]\npassword_file = "empty"\n', "is empty"),
    ],
)
def test_unusable_password_settings_are_refused(tmp_path, section, message):
    (tmp_path / "empty").write_text("\n")
    path = tmp_path / "j.toml"
    path.write_text(section)
    with pytest.raises(ConfigError, match=message):
        load_config(path)


def test_the_operators_sample_is_valid_with_an_absolute_data_dir(tmp_path):
    repo = Path(__file__).parents[2]
    # as in /etc/pyjudge/: the relay's password in a file beside it, which
    # every `judge` command reads (an environment variable set for the unit
    # only would fail root's `judge doctor`, `judge status`...)
    shutil.copy(repo / "contrib" / "judge.toml", tmp_path)
    (tmp_path / "relay.secret").write_text("secret\n")
    config = load_config(tmp_path / "judge.toml")
    assert config.judge.data_dir == Path("/var/lib/pyjudge")
    assert config.relay is not None and config.relay.password == "secret"
    assert config.dkim is not None and Path(config.dkim.key_file).is_absolute()
    # the unit lets the judge write exactly there
    unit = (repo / "contrib" / "pyjudge.service").read_text()
    assert "StateDirectory=pyjudge" in unit
    assert "RestartPreventExitStatus=78" in unit
    assert "--config /etc/pyjudge/judge.toml" in unit
