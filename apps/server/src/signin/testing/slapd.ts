import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "ldapts";

const SLAPD = "/usr/sbin/slapd";
export const LDAP_SUFFIX = "dc=gantry,dc=test";
export const LDAP_ADMIN_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ADMIN_PASSWORD = "test-only-admin-secret";
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`;
export const LDAP_GROUPS = `ou=groups,${LDAP_SUFFIX}`;

/** Whether the tests can start a real directory: Debian's slapd, which CI installs. */
export const slapdInstalled = existsSync(SLAPD);

export interface DirectoryPerson {
  uid: string;
  password: string;
  mail: string;
  cn: string;
}

export interface DirectoryGroup {
  cn: string;
  members: string[];
}

const dnOf = (uid: string) => `uid=${uid},${LDAP_PEOPLE}`;

function slapdConf(dir: string): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${join(dir, "slapd.pid")}
access to attrs=userPassword by anonymous auth by * none
access to * by users read by * none
database mdb
maxsize 10485760
suffix "${LDAP_SUFFIX}"
rootdn "${LDAP_ADMIN_DN}"
rootpw ${LDAP_ADMIN_PASSWORD}
directory ${join(dir, "data")}
`;
}

async function waitUntilListening(url: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (server.exitCode !== null) throw new Error(`slapd exited with ${server.exitCode}`);
    const client = new Client({ url, connectTimeout: 500 });
    try {
      await client.bind(LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
  throw new Error("slapd did not start listening");
}

/**
 * A real OpenLDAP server for the LDAP sign-in tests: slapd from a temporary directory on the
 * given loopback port (free, or one the server under test was told), under a test suffix, with people (uid, mail, cn, password) and
 * groupOfNames groups loaded through the admin account. `stop` ends it and removes its files.
 */
export async function startSlapd(port: number, people: DirectoryPerson[], groups: DirectoryGroup[]) {
  const dir = mkdtempSync(join(tmpdir(), "gantry-slapd-"));
  mkdirSync(join(dir, "data"));
  writeFileSync(join(dir, "slapd.conf"), slapdConf(dir));
  const url = `ldap://127.0.0.1:${port}`;
  // -d keeps slapd in the foreground (no fork), so this process owns it and can stop it.
  const server = spawn(SLAPD, ["-f", join(dir, "slapd.conf"), "-h", `${url}/`, "-d", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilListening(url, server);
    const admin = new Client({ url });
    await admin.bind(LDAP_ADMIN_DN, LDAP_ADMIN_PASSWORD);
    try {
      await admin.add(LDAP_SUFFIX, { objectClass: ["dcObject", "organization"], dc: "gantry", o: "Gantry Test" });
      await admin.add(LDAP_PEOPLE, { objectClass: "organizationalUnit", ou: "people" });
      await admin.add(LDAP_GROUPS, { objectClass: "organizationalUnit", ou: "groups" });
      for (const person of people) {
        await admin.add(dnOf(person.uid), {
          objectClass: ["inetOrgPerson"],
          uid: person.uid,
          cn: person.cn,
          sn: person.cn.split(" ").at(-1) ?? person.cn,
          mail: person.mail,
          userPassword: person.password,
        });
      }
      for (const group of groups) {
        await admin.add(`cn=${group.cn},${LDAP_GROUPS}`, {
          objectClass: "groupOfNames",
          cn: group.cn,
          member: group.members.map(dnOf),
        });
      }
    } finally {
      await admin.unbind();
    }
  } catch (error) {
    await stop();
    throw new Error(`could not start slapd: ${String(error)}\n${log}`);
  }
  return { url, dnOf, stop };
}
