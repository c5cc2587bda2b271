//! The baselines' plan: a processor tree (seed 002's split methods) or
//! ranks (YBWC, Jamboree, seed 004's grid master), what the virtual
//! clock charges, and the engine's configuration of each.

use crate::plan::options::Options;
use yomi_methods::baseline::{
    Charge, GridMasterConfig, ProcessorTree, SplitConfig, Splitting, YbwcConfig,
};
use yomi_record::{Backend, BaselineShape, Method, NodeCharge};

/// A baseline's shape, `None` for other methods, or why the options do
/// not fit.
pub(crate) fn shape(o: &Options) -> Result<Option<BaselineShape>, String> {
    if !o.method.splits() && (o.levels.is_some() || o.fanout.is_some()) {
        return Err(
            "--levels and --fanout are for tree-splitting, pv-splitting and staged-sss".into(),
        );
    }
    if o.static_order && !o.method.steals() {
        return Err("--static-order is for ybwc and jamboree".into());
    }
    if o.push_bounds && o.method != Method::GridMaster {
        return Err("--push-bounds is for grid-master".into());
    }
    if !o.method.is_baseline() {
        return Ok(None);
    }
    if o.d_prime.is_some() || o.negascout || o.full_windows || o.confirmed_deepening || o.extension
    {
        return Err(
            "--d-prime, --negascout, --full-windows, --confirmed-deepening and --extend are \
                    not for the baselines"
                .into(),
        );
    }
    if o.method.on_ranks() {
        return Ok(Some(BaselineShape {
            levels: None,
            fanout: None,
            pv_depth: None,
            stage_depth: None,
            charge: o.charge,
            static_order: o.static_order,
            push_bounds: o.push_bounds,
        }));
    }
    let (Some(levels), Some(fanout)) = (o.levels, o.fanout) else {
        return Err(
            "tree-splitting, pv-splitting and staged-sss need --levels L and \
                    --fanout K (the processor tree)"
                .into(),
        );
    };
    ProcessorTree::new(levels, fanout)?;
    let pv = o.method == Method::PvSplitting;
    if pv && o.pv_depth == 0 {
        return Err("--pv-depth must be at least 1".into());
    }
    let staged = o.method == Method::StagedSss;
    if staged && o.stage_depth == 0 {
        return Err("--stage-depth must be at least 1".into());
    }
    if staged && levels > 0 && u64::from(levels) * u64::from(o.stage_depth) >= u64::from(o.d) {
        return Err(format!(
            "staged-sss with --levels {levels} needs --d above {levels} × --stage-depth \
             {}: each level of masters runs one stage and leaves its slaves a ply",
            o.stage_depth
        ));
    }
    Ok(Some(BaselineShape {
        levels: Some(levels),
        fanout: Some(fanout),
        pv_depth: pv.then_some(o.pv_depth),
        stage_depth: staged.then_some(o.stage_depth),
        charge: o.charge,
        static_order: false,
        push_bounds: false,
    }))
}

/// A baseline's shape as a sweep's listing shows it.
pub(crate) fn listing(shape: &BaselineShape) -> String {
    let mut s = String::new();
    if let (Some(l), Some(k)) = (shape.levels, shape.fanout) {
        s += &format!(" processor_tree=({l},{k})");
    }
    if let Some(pv) = shape.pv_depth {
        s += &format!(" pv_depth={pv}");
    }
    if let Some(stage) = shape.stage_depth {
        s += &format!(" stage_depth={stage}");
    }
    if shape.charge == NodeCharge::Leaves {
        s += " charge=leaves";
    }
    if shape.static_order {
        s += " static_order";
    }
    if shape.push_bounds {
        s += " push_bounds";
    }
    s
}

/// A split method's processor tree.
pub(crate) fn processor_tree(shape: BaselineShape) -> Option<ProcessorTree> {
    ProcessorTree::new(shape.levels?, shape.fanout?).ok()
}

/// What a baseline's processors charge the virtual clock for.
pub(crate) fn charge(shape: BaselineShape) -> Charge {
    match shape.charge {
        NodeCharge::Leaves => Charge::Leaves,
        NodeCharge::Nodes => Charge::Nodes,
    }
}

/// Nodes between a baseline processor's looks at its messages.
fn poll_every(backend: Backend) -> u64 {
    match backend {
        // Exact virtual times: a rank sees its messages at once.
        Backend::Sim => 1,
        Backend::Threads | Backend::Mpi => 256,
    }
}

/// A split method's configuration on `processors`.
pub(crate) fn split_config(
    (d, backend): (u32, Backend),
    shape: BaselineShape,
    processors: ProcessorTree,
) -> SplitConfig {
    SplitConfig {
        processors,
        depth: d,
        splitting: match (shape.pv_depth, shape.stage_depth) {
            (Some(pv_depth), _) => Splitting::Pv { pv_depth },
            (_, Some(stage_depth)) => Splitting::StagedSss { stage_depth },
            _ => Splitting::Tree,
        },
        charge: charge(shape),
        poll_every: poll_every(backend),
    }
}

/// YBWC's or Jamboree's configuration.
pub(crate) fn ybwc_config(
    (d, backend): (u32, Backend),
    method: Method,
    shape: BaselineShape,
) -> YbwcConfig {
    let (charge, poll) = (charge(shape), poll_every(backend));
    let config = match method {
        Method::Jamboree => YbwcConfig::jamboree(d, charge, poll),
        _ => YbwcConfig::ybwc(d, charge, poll),
    };
    YbwcConfig {
        static_order: shape.static_order,
        ..config
    }
}

/// Seed 004's grid master's configuration.
pub(crate) fn grid_master_config(
    (d, backend): (u32, Backend),
    shape: BaselineShape,
) -> GridMasterConfig {
    GridMasterConfig {
        depth: d,
        charge: charge(shape),
        poll_every: poll_every(backend),
        push_bounds: shape.push_bounds,
    }
}
