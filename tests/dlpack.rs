//! DLPack ownership in the core: an export holds the storage and an `ExportShare` count; the
//! core never writes into exported storage; a value dropped while exported moves its bytes
//! to the ledger's `exported` category until the consumer's deleter runs; an import shares
//! the producer's memory and costs the ledger nothing. The ledger is process-global, so every
//! test holds `LOCK` and compares deltas.

use std::sync::{Arc, Mutex, MutexGuard};

use eagertape::backend::dynamic::{Dyn, DynTensor};
use eagertape::buffer::{unique_mut, Buffer, Tracked, Value};
use eagertape::dlpack::{self, FLAG_READ_ONLY};
use eagertape::ledger::{memory_stats, Category, MemoryStats};
use eagertape::param::Parameter;
use tch::{Kind, Tensor};

static LOCK: Mutex<()> = Mutex::new(());

fn lock() -> MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

fn value(n: i64, category: Category) -> Value<Dyn> {
    Tracked::owned(
        DynTensor::Torch(Tensor::arange(n, (Kind::Double, tch::Device::Cpu))),
        category,
    )
}

fn torch(v: &Value<Dyn>) -> &Tensor {
    match v.get() {
        DynTensor::Torch(t) => t,
        _ => unreachable!("native values only"),
    }
}

/// (live bytes, live buffers, bytes of `c`) relative to `before`.
fn delta(before: &MemoryStats, c: Category) -> (i64, i64, i64) {
    let now = memory_stats();
    (
        now.live_bytes - before.live_bytes,
        now.live_buffers - before.live_buffers,
        now.category(c) - before.category(c),
    )
}

#[test]
fn a_value_dropped_while_exported_is_counted_as_exported_until_the_consumer_lets_go() {
    let _l = lock();
    let before = memory_stats();
    let v = value(5, Category::Tape);
    let m = dlpack::export(&v, true, FLAG_READ_ONLY).unwrap();
    assert_eq!(delta(&before, Category::Tape), (40, 1, 40));
    drop(v);
    assert_eq!(delta(&before, Category::Tape), (40, 1, 0));
    assert_eq!(delta(&before, Category::Exported), (40, 1, 40));
    assert_eq!(m.describe().flags & FLAG_READ_ONLY, FLAG_READ_ONLY);
    drop(m); // the consumer's deleter
    assert_eq!(delta(&before, Category::Exported), (0, 0, 0));
}

#[test]
fn an_export_released_first_leaves_the_value_counted_where_it_was() {
    let _l = lock();
    let before = memory_stats();
    let v = value(3, Category::Param);
    drop(dlpack::export(&v, false, 0).unwrap());
    assert_eq!(delta(&before, Category::Param), (24, 1, 24));
    assert_eq!(delta(&before, Category::Exported).2, 0);
    drop(v);
    assert_eq!(delta(&before, Category::Param), (0, 0, 0));
}

#[test]
fn the_core_never_writes_into_exported_storage() {
    let _l = lock();
    let mut v = value(4, Category::Optimizer);
    let m = dlpack::export(&v, true, 0).unwrap();
    assert!(unique_mut(&mut v).is_none());
    // A view's export holds its owner.
    let view = Tracked::view(DynTensor::Torch(torch(&v).slice(0, 0, 2, 1)), &v);
    drop(m);
    assert!(
        unique_mut(&mut v).is_none(),
        "the view still holds the storage"
    );
    let vm = dlpack::export(&view, true, 0).unwrap();
    drop(view);
    assert!(
        unique_mut(&mut v).is_none(),
        "the view's export holds its owner's storage"
    );
    drop(vm);
    assert!(unique_mut(&mut v).is_some());
}

#[test]
fn an_import_shares_the_producers_memory_and_costs_the_ledger_nothing() {
    let _l = lock();
    let v = value(6, Category::Tape);
    let ptr = torch(&v).data_ptr();
    let before = memory_stats();
    let t = dlpack::export(&v, true, 0).unwrap().import().unwrap();
    assert_eq!(t.data_ptr(), ptr);
    let mut shared = dlpack::borrowed(t, Category::Tape);
    assert_eq!(delta(&before, Category::Tape), (0, 0, 0));
    assert!(
        unique_mut(&mut shared).is_none(),
        "borrowed memory is never written"
    );
    drop(v);
    assert_eq!(delta(&before, Category::Exported), (0, 0, 48));
    drop(shared); // the producer's storage goes with the last reference to it
    assert_eq!(delta(&before, Category::Exported), (-48, -1, 0));
}

#[test]
fn an_exported_parameter_snapshot_makes_the_update_copy() {
    let _l = lock();
    let p = Parameter::<Dyn>::new(
        &DynTensor::Torch(Tensor::ones([3], (Kind::Double, tch::Device::Cpu))),
        Some("w".into()),
        true,
    )
    .unwrap();
    let m = dlpack::export(&p.snapshot(), true, FLAG_READ_ONLY).unwrap();
    assert!(p.is_shared());
    let old = p.snapshot();
    p.update(|t| match t {
        DynTensor::Torch(t) => {
            let _ = t.fill_(2.0);
            Ok(())
        }
        _ => unreachable!(),
    })
    .unwrap();
    assert_eq!(
        torch(&old).double_value(&[0]),
        1.0,
        "the exported snapshot is untouched"
    );
    assert_eq!(torch(&p.snapshot()).double_value(&[0]), 2.0);
    drop((m, old));
    assert!(!p.is_shared());
}

#[test]
fn a_shared_gradient_buffer_is_copied_before_a_writable_export() {
    let _l = lock();
    let v = value(4, Category::Grad);
    let b = Buffer::new(Arc::clone(&v));
    let own = b.exclusive("test").unwrap();
    assert!(!Arc::ptr_eq(&own, &v), "shared with another holder: copied");
    assert_ne!(torch(&own).data_ptr(), torch(&v).data_ptr());
    let ptr = torch(&own).data_ptr();
    drop((v, own));
    let again = b.exclusive("test").unwrap();
    assert_eq!(
        torch(&again).data_ptr(),
        ptr,
        "now the buffer's own: not copied again"
    );
    b.release();
    assert!(b.exclusive("test").is_err());
}
