// What TiDB Lab tells a user without TiUP. The command is TiUP's official installer (from
// https://docs.pingcap.com/tidb/stable/tiup-overview#install-tiup); TiDB Lab only shows it and
// never runs it: it downloads from the internet and changes the user's shell profile.
export const TIUP_INSTALL_COMMAND = "curl --proto '=https' --tlsv1.2 -sSf https://tiup-mirrors.pingcap.com/install.sh | sh";

export const TIUP_DOCS_URL = 'https://docs.pingcap.com/tidb/stable/tiup-overview#install-tiup';
