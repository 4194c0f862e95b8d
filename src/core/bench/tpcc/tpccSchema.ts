// go-tpc's TPC-C schema (tpcc/ddl.go, MySQL driver): the nine tables with their primary keys and
// secondary indexes as go-tpc creates them, TiDB's `/*T![clustered_index] CLUSTERED */` comment
// (a plain comment to MySQL and MariaDB; NONCLUSTERED with --use-clustered-index=false), --parts with
// go-tpc's four partition types on every table but item, and --use-fk's foreign keys.
// Where TiDB Lab differs: MariaDB and MySQL refuse foreign keys on partitioned InnoDB tables, so
// --use-fk with --parts > 1 is refused before any table is made (TiDB accepts both).

export const TPCC_TABLES = ['warehouse', 'district', 'customer', 'history', 'new_order', 'orders', 'order_line', 'stock', 'item'] as const;
export type TpccTable = (typeof TPCC_TABLES)[number];

/** The order go-tpc drops them in (tpcc/workload.go `tables`). */
export const TPCC_DROP_ORDER: readonly TpccTable[] = [
  'item',
  'customer',
  'district',
  'history',
  'new_order',
  'order_line',
  'orders',
  'stock',
  'warehouse',
];

/** go-tpc's --partition-type: 1 HASH, 2 RANGE, 3 LIST laid out like HASH, 4 LIST laid out like RANGE. */
export type PartitionType = 1 | 2 | 3 | 4;

export interface SchemaOptions {
  warehouses: number;
  /** --parts: 1 means no partitioning */
  parts: number;
  partitionType: PartitionType;
  useFk: boolean;
  useClusteredIndex: boolean;
}

export class SchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaError';
  }
}

export function checkSchemaOptions(options: SchemaOptions): void {
  if (options.parts > options.warehouses)
    throw new SchemaError(`number warehouses ${options.warehouses} must >= partition ${options.parts}`);
  if (options.useFk && options.parts > 1)
    throw new SchemaError(
      '--use-fk with --parts > 1: MySQL and MariaDB do not allow foreign keys on partitioned tables (TiDB does); use one or the other',
    );
}

/** go-tpc's appendPartition: the PARTITION BY clause for a table keyed by `key` (a warehouse id). */
export function partitionClause(options: SchemaOptions, key: string): string {
  const { parts, warehouses } = options;
  if (parts <= 1) return '';
  const list = (groups: number[][]) =>
    `\nPARTITION BY LIST (${key})\n(${groups.map((ids, i) => `PARTITION p${i} VALUES IN (${ids.join(',')})`).join(',\n ')})`;
  switch (options.partitionType) {
    case 3: {
      const groups = Array.from({ length: parts }, (_, i) => {
        const ids: number[] = [];
        for (let j = i; j < warehouses; j += parts) ids.push(j + 1);
        return ids;
      });
      return list(groups);
    }
    case 4: {
      const groups: number[][] = [];
      let added = 0;
      for (let i = 0; i < parts; i++) {
        const left = warehouses - added;
        const perPartition = Math.ceil(left / (parts - i));
        const ids: number[] = [];
        for (let j = 0; j < perPartition; j++) ids.push(++added);
        groups.push(ids);
      }
      return list(groups);
    }
    case 2: {
      const perPartition = Math.ceil(warehouses / parts);
      const ranges = Array.from({ length: parts }, (_, i) => `PARTITION p${i} VALUES LESS THAN (${1 + (i + 1) * perPartition})`);
      return `\nPARTITION BY RANGE (${key})\n(${ranges.join(',\n ')})`;
    }
    default:
      return `\nPARTITION BY HASH(${key})\nPARTITIONS ${parts}`;
  }
}

/** CREATE TABLE statements in go-tpc's order, each with the table it makes. */
export function createTableStatements(options: SchemaOptions): Array<{ table: TpccTable; sql: string }> {
  const clustered = `/*T![clustered_index] ${options.useClusteredIndex ? 'CLUSTERED' : 'NONCLUSTERED'} */`;
  const part = (key: string) => partitionClause(options, key);
  return [
    {
      table: 'warehouse',
      sql: `CREATE TABLE IF NOT EXISTS warehouse (
	w_id INT NOT NULL,
	w_name VARCHAR(10),
	w_street_1 VARCHAR(20),
	w_street_2 VARCHAR(20),
	w_city VARCHAR(20),
	w_state CHAR(2),
	w_zip CHAR(9),
	w_tax DECIMAL(4, 4),
	w_ytd DECIMAL(12, 2),
	PRIMARY KEY (w_id) ${clustered}
)${part('w_id')}`,
    },
    {
      table: 'district',
      sql: `CREATE TABLE IF NOT EXISTS district (
	d_id INT NOT NULL,
	d_w_id INT NOT NULL,
	d_name VARCHAR(10),
	d_street_1 VARCHAR(20),
	d_street_2 VARCHAR(20),
	d_city VARCHAR(20),
	d_state CHAR(2),
	d_zip CHAR(9),
	d_tax DECIMAL(4, 4),
	d_ytd DECIMAL(12, 2),
	d_next_o_id INT,
	PRIMARY KEY (d_w_id, d_id) ${clustered}
)${part('d_w_id')}`,
    },
    {
      table: 'customer',
      sql: `CREATE TABLE IF NOT EXISTS customer (
	c_id INT NOT NULL,
	c_d_id INT NOT NULL,
	c_w_id INT NOT NULL,
	c_first VARCHAR(16),
	c_middle CHAR(2),
	c_last VARCHAR(16),
	c_street_1 VARCHAR(20),
	c_street_2 VARCHAR(20),
	c_city VARCHAR(20),
	c_state CHAR(2),
	c_zip CHAR(9),
	c_phone CHAR(16),
	c_since DATETIME,
	c_credit CHAR(2),
	c_credit_lim DECIMAL(12, 2),
	c_discount DECIMAL(4,4),
	c_balance DECIMAL(12,2),
	c_ytd_payment DECIMAL(12,2),
	c_payment_cnt INT,
	c_delivery_cnt INT,
	c_data VARCHAR(500),
	PRIMARY KEY(c_w_id, c_d_id, c_id) ${clustered},
	INDEX idx_customer (c_w_id, c_d_id, c_last, c_first)
)${part('c_w_id')}`,
    },
    {
      table: 'history',
      sql: `CREATE TABLE IF NOT EXISTS history (
	h_c_id INT NOT NULL,
	h_c_d_id INT NOT NULL,
	h_c_w_id INT NOT NULL,
	h_d_id INT NOT NULL,
	h_w_id INT NOT NULL,
	h_date DATETIME,
	h_amount DECIMAL(6, 2),
	h_data VARCHAR(24),
	INDEX idx_h_w_id (h_w_id),
	INDEX idx_h_c_w_id (h_c_w_id)
)${part('h_w_id')}`,
    },
    {
      table: 'new_order',
      sql: `CREATE TABLE IF NOT EXISTS new_order (
	no_o_id INT NOT NULL,
	no_d_id INT NOT NULL,
	no_w_id INT NOT NULL,
	PRIMARY KEY(no_w_id, no_d_id, no_o_id) ${clustered}
)${part('no_w_id')}`,
    },
    {
      table: 'orders',
      sql: `CREATE TABLE IF NOT EXISTS orders (
	o_id INT NOT NULL,
	o_d_id INT NOT NULL,
	o_w_id INT NOT NULL,
	o_c_id INT,
	o_entry_d DATETIME,
	o_carrier_id INT,
	o_ol_cnt INT,
	o_all_local INT,
	PRIMARY KEY(o_w_id, o_d_id, o_id) ${clustered},
	INDEX idx_order (o_w_id, o_d_id, o_c_id, o_id)
)${part('o_w_id')}`,
    },
    {
      table: 'order_line',
      sql: `CREATE TABLE IF NOT EXISTS order_line (
	ol_o_id INT NOT NULL,
	ol_d_id INT NOT NULL,
	ol_w_id INT NOT NULL,
	ol_number INT NOT NULL,
	ol_i_id INT NOT NULL,
	ol_supply_w_id INT,
	ol_delivery_d DATETIME,
	ol_quantity INT,
	ol_amount DECIMAL(6, 2),
	ol_dist_info CHAR(24),
	PRIMARY KEY(ol_w_id, ol_d_id, ol_o_id, ol_number) ${clustered}
)${part('ol_w_id')}`,
    },
    {
      table: 'stock',
      sql: `CREATE TABLE IF NOT EXISTS stock (
	s_i_id INT NOT NULL,
	s_w_id INT NOT NULL,
	s_quantity INT,
	s_dist_01 CHAR(24),
	s_dist_02 CHAR(24),
	s_dist_03 CHAR(24),
	s_dist_04 CHAR(24),
	s_dist_05 CHAR(24),
	s_dist_06 CHAR(24),
	s_dist_07 CHAR(24),
	s_dist_08 CHAR(24),
	s_dist_09 CHAR(24),
	s_dist_10 CHAR(24),
	s_ytd INT,
	s_order_cnt INT,
	s_remote_cnt INT,
	s_data VARCHAR(50),
	PRIMARY KEY(s_w_id, s_i_id) ${clustered}
)${part('s_w_id')}`,
    },
    {
      table: 'item',
      sql: `CREATE TABLE IF NOT EXISTS item (
	i_id INT NOT NULL,
	i_im_id INT,
	i_name VARCHAR(24),
	i_price DECIMAL(5, 2),
	i_data VARCHAR(50),
	PRIMARY KEY(i_id) ${clustered}
)`,
    },
  ];
}

/** go-tpc's foreign keys (--use-fk), in its order. */
export const FOREIGN_KEY_STATEMENTS: readonly string[] = [
  'ALTER TABLE district ADD CONSTRAINT d_warehouse_fkey FOREIGN KEY (d_w_id) REFERENCES warehouse (w_id)',
  'ALTER TABLE customer ADD CONSTRAINT c_district_fkey FOREIGN KEY (c_w_id, c_d_id) REFERENCES district (d_w_id, d_id)',
  'ALTER TABLE history ADD CONSTRAINT h_customer_fkey FOREIGN KEY (h_c_w_id, h_c_d_id, h_c_id) REFERENCES customer (c_w_id, c_d_id, c_id)',
  'ALTER TABLE history ADD CONSTRAINT h_district_fkey FOREIGN KEY (h_w_id, h_d_id) REFERENCES district (d_w_id, d_id)',
  'ALTER TABLE new_order ADD CONSTRAINT no_order_fkey FOREIGN KEY (no_w_id, no_d_id, no_o_id) REFERENCES orders (o_w_id, o_d_id, o_id)',
  'ALTER TABLE orders ADD CONSTRAINT o_customer_fkey FOREIGN KEY (o_w_id, o_d_id, o_c_id) REFERENCES customer (c_w_id, c_d_id, c_id)',
  'ALTER TABLE order_line ADD CONSTRAINT ol_order_fkey FOREIGN KEY (ol_w_id, ol_d_id, ol_o_id) REFERENCES orders (o_w_id, o_d_id, o_id)',
  'ALTER TABLE order_line ADD CONSTRAINT ol_stock_fkey FOREIGN KEY (ol_supply_w_id, ol_i_id) REFERENCES stock (s_w_id, s_i_id)',
  'ALTER TABLE stock ADD CONSTRAINT s_warehouse_fkey FOREIGN KEY (s_w_id) REFERENCES warehouse (w_id)',
  'ALTER TABLE stock ADD CONSTRAINT s_item_fkey FOREIGN KEY (s_i_id) REFERENCES item (i_id)',
];

export function quoteIdentifier(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

export function dropTableStatement(table: TpccTable): string {
  return `DROP TABLE IF EXISTS ${quoteIdentifier(table)}`;
}
