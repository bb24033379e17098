/** Every spelling of "outside the server's folder" the panel must refuse, with the reason it gives. */
export const escapingPaths: Array<[string, RegExp]> = [
  ['..', /"\.\."/],
  ['../secret.txt', /"\.\."/],
  ['world/../../secret.txt', /"\.\."/],
  ['world/..', /"\.\."/],
  ['./server.properties', /"\."/],
  ['/etc/passwd', /absolute/],
  ['//etc/passwd', /absolute/],
  ['..\\secret.txt', /backslash/],
  ['world\\..\\..\\secret.txt', /backslash/],
  ['C:\\Windows\\win.ini', /backslash/],
  ['%2e%2e/secret.txt', /"\.\."/],
  ['%2E%2E%2Fsecret.txt', /encoded \//],
  ['..%2fsecret.txt', /encoded \//],
  ['%252e%252e/secret.txt', /"\.\."/],
  ['%2fetc%2fpasswd', /absolute/],
  ['world%5c..%5csecret.txt', /backslash/],
  ['server.properties\0.txt', /NUL/],
  ['server.properties%00.txt', /NUL/],
  ['world/\nlevel.dat', /control character/],
  ['world//level.dat', /empty folder name/],
];

